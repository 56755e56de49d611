import { parseArgs } from 'node:util';
import { CliError, EXIT } from './command.js';

type OptionSpecs = Record<string, { readonly type: 'string' | 'boolean' }>;

export interface ParsedArgs<O extends OptionSpecs> {
  readonly values: { readonly [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };
  readonly positionals: readonly string[];
}

/**
 * Parses a command's arguments strictly (node:util parseArgs): an unknown option, a missing
 * option value or a stray argument is a usage error (exit 2) naming the problem and the usage.
 */
export function cliArgs<O extends OptionSpecs>(args: readonly string[], options: O, usage: string, positionals: { min: number; max: number }): ParsedArgs<O> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/\. To specify a positional argument.*$/s, '') : String(error);
    throw new CliError(`${message}. Usage: ${usage}`, EXIT.usage);
  }
  const count = parsed.positionals.length;
  if (count < positionals.min || count > positionals.max) {
    const wanted = positionals.min === positionals.max ? `exactly ${positionals.min}` : `${positionals.min} to ${positionals.max}`;
    throw new CliError(`expected ${wanted} argument${positionals.max === 1 ? '' : 's'}, got ${count}. Usage: ${usage}`, EXIT.usage);
  }
  return { values: parsed.values as ParsedArgs<O>['values'], positionals: parsed.positionals };
}
