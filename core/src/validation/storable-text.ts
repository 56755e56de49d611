/**
 * Text a database column can keep exactly as sent. Two things cannot be: the NUL character
 * (PostgreSQL's text type refuses it, so the insert fails) and half of a UTF-16 surrogate pair
 * (not Unicode at all; the drivers write it as U+FFFD, so the stored text silently differs).
 * Neither comes from a keyboard. Every text field refuses them with its own message, in the
 * browsers and on the server alike; the database adapters refuse them too, as a last line.
 *
 * A loop rather than a regular expression: recognising a lone low surrogate needs a
 * lookbehind, which older phone browsers cannot parse.
 */
export function hasUnstorableCharacter(value: string): boolean {
  // Most text has neither a NUL nor any surrogate: one scan settles it.
  if (!MAYBE_UNSTORABLE.test(value)) return false;
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

// eslint-disable-next-line no-control-regex
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;

/** For zod refinements: true when the text can be stored as it is. */
export const isStorableText = (value: string): boolean => !hasUnstorableCharacter(value);
