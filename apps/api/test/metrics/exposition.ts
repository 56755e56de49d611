/**
 * A parser of Prometheus's text exposition format (version 0.0.4), enough to read a scrape the
 * way Prometheus does: `# HELP` and `# TYPE` lines, and samples `name{label="value",...} value`
 * with the escapes \\, \" and \n in label values.
 */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Exposition {
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

/** As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  if (word === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value: ${JSON.stringify(text)}`);
  return value;
}

function parseSample(line: string): Sample {
  const name = NAME.exec(line)?.[0];
  if (!name) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1);
    for (;;) {
      if (rest.startsWith('}')) {
        rest = rest.slice(1);
        break;
      }
      const label = LABEL_NAME.exec(rest)?.[0];
      if (!label || rest[label.length] !== '=' || rest[label.length + 1] !== '"') throw new Error(`bad label in ${JSON.stringify(line)}`);
      rest = rest.slice(label.length + 2);
      let value = '';
      for (;;) {
        const char = rest[0];
        if (char === undefined) throw new Error(`unterminated label value in ${JSON.stringify(line)}`);
        rest = rest.slice(1);
        if (char === '"') break;
        if (char === '\\') {
          const escaped = rest[0];
          rest = rest.slice(1);
          value += escaped === 'n' ? '\n' : escaped === '\\' ? '\\' : escaped === '"' ? '"' : `\\${escaped ?? ''}`;
        } else {
          value += char;
        }
      }
      if (label in labels) throw new Error(`label ${label} twice in ${JSON.stringify(line)}`);
      labels[label] = value;
      if (rest.startsWith(',')) rest = rest.slice(1);
    }
  }
  const fields = rest.trim().split(/\s+/);
  if (fields.length < 1 || fields.length > 2) throw new Error(`bad sample line: ${JSON.stringify(line)}`);
  return { name, labels, value: parseValue(fields[0] ?? '') };
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type?.[1] && type[2]) types.set(type[1], type[2]);
      else if (!line.startsWith('# HELP ')) throw new Error(`unknown comment line: ${JSON.stringify(line)}`);
      continue;
    }
    samples.push(parseSample(line));
  }
  return { types, samples };
}

/** The samples of `name`, each with its labels. */
export const seriesOf = (exposition: Exposition, name: string): Sample[] => exposition.samples.filter((sample) => sample.name === name);

/** The value of the one sample of `name` whose labels are exactly `labels`; undefined when there is none. */
export function valueOf(exposition: Exposition, name: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
  const wanted = Object.entries(labels);
  const matches = seriesOf(exposition, name).filter((sample) => Object.keys(sample.labels).length === wanted.length && wanted.every(([key, value]) => sample.labels[key] === value));
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${matches.length} samples`);
  return matches[0]?.value;
}

/** name -> value of the samples of `name` that are not 0, keyed by their labels' values joined with '/'. */
export function nonZero(exposition: Exposition, name: string, keys: readonly string[]): Record<string, number> {
  const found: Record<string, number> = {};
  for (const sample of seriesOf(exposition, name)) if (sample.value !== 0) found[keys.map((key) => sample.labels[key] ?? '').join('/')] = sample.value;
  return found;
}
