import type { z } from 'zod';

/** What a wire parser returns: bad input from the network is a value, never a throw. */
export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export const parsed = <T>(value: T): ParseResult<T> => ({ ok: true, value });
export const parseError = <T>(error: string): ParseResult<T> => ({ ok: false, error });

/** "Body.stkCallback.ResultCode: expected ..." for each issue, so a log line names the field. */
export function describeIssues(what: string, error: z.ZodError): string {
  const issues = error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  return `${what}: ${issues.join('; ')}`;
}
