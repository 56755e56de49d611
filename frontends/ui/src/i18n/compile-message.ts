/**
 * Lingui's compiled form of an ICU message, for the subset the catalogs use: text, `{name}`,
 * `{name, type}` / `{name, type, style}` and `{name, plural|select|selectordinal, … {…}}` with
 * `#` and `=N` cases. Lingui's own compiler (@lingui/message-utils: a full ICU parser) weighs
 * about 10 kB gzip, a tenth of a lean page's budget; this one yields the same arrays for every
 * text of every catalog (test/compile-message.test.ts holds it to Lingui's on all of them).
 * An apostrophe is always literal text (the catalogs quote nothing).
 */
export type CompiledMessage = CompiledToken[];
type CompiledToken = string | [string] | [string, string] | [string, string, string | Record<string, unknown>];

const CHOICE_TYPES = new Set(['plural', 'select', 'selectordinal']);

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  /** Tokens up to the closing `}` of the case being read (or the end); `#` is a token inside plurals. */
  tokens(inPlural: boolean): CompiledToken[] {
    const tokens: CompiledToken[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') tokens.push(text);
      text = '';
    };
    while (this.index < this.text.length) {
      const char = this.text[this.index] as string;
      if (char === '}') break;
      if (char === '{') {
        flush();
        tokens.push(this.argument());
        continue;
      }
      if (char === '#' && inPlural) {
        flush();
        tokens.push('#');
        this.index += 1;
        continue;
      }
      text += char;
      this.index += 1;
    }
    flush();
    return tokens;
  }

  private argument(): CompiledToken {
    this.index += 1; // {
    const parts: string[] = [];
    let part = '';
    while (this.index < this.text.length) {
      const char = this.text[this.index] as string;
      if (char === ',' && parts.length < 2) {
        parts.push(part.trim());
        part = '';
        this.index += 1;
        if (parts.length === 2 && CHOICE_TYPES.has(parts[1] as string)) return [parts[0] as string, parts[1] as string, this.cases(parts[1] === 'plural' || parts[1] === 'selectordinal')];
        continue;
      }
      if (char === '}') {
        this.index += 1;
        parts.push(part.trim());
        const [name = '', type, style] = parts;
        if (type === undefined) return [name];
        return style === undefined ? [name, type] : [name, type, style];
      }
      part += char;
      this.index += 1;
    }
    throw new SyntaxError(`Unclosed argument in: ${this.text}`);
  }

  private cases(inPlural: boolean): Record<string, unknown> {
    const cases: Record<string, unknown> = { offset: undefined };
    for (;;) {
      while (/\s/.test(this.text[this.index] ?? '')) this.index += 1;
      if (this.text[this.index] === '}') {
        this.index += 1;
        return cases;
      }
      let key = '';
      while (this.index < this.text.length && this.text[this.index] !== '{' && !/\s/.test(this.text[this.index] as string)) {
        key += this.text[this.index];
        this.index += 1;
      }
      while (/\s/.test(this.text[this.index] ?? '')) this.index += 1;
      if (this.text[this.index] !== '{' || key === '') throw new SyntaxError(`Bad case in: ${this.text}`);
      this.index += 1;
      cases[key.startsWith('=') ? key.slice(1) : key] = this.tokens(inPlural);
      if (this.text[this.index] !== '}') throw new SyntaxError(`Unclosed case in: ${this.text}`);
      this.index += 1;
    }
  }
}

export function compileMessage(message: string): CompiledMessage {
  if (!message.includes('{') && !message.includes('}')) return message === '' ? [] : [message];
  const reader = new Reader(message);
  const tokens = reader.tokens(false);
  if (reader.index < message.length) throw new SyntaxError(`Unexpected } in: ${message}`);
  return tokens;
}
