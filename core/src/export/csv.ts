/**
 * CSV by RFC 4180, safe to open in a spreadsheet. Pure text building: the apps decide where
 * the text goes (an HTTP response, a file), chunk by chunk.
 *
 * - Fields holding a comma, a double quote, CR or LF are quoted, quotes doubled; records end
 *   with CRLF.
 * - Formula injection (OWASP "CSV injection"): a cell a spreadsheet would read as a formula,
 *   one starting with `=`, `+`, `-`, `@`, a tab or a CR, gets a leading apostrophe and is
 *   quoted, so an item named `=HYPERLINK(...)` shows as text and runs nothing. The check is
 *   made after any leading spaces too, which some spreadsheets skip. Numbers the exporter
 *   writes itself are never negative, so no real value is changed by this.
 */
const FORMULA_START = /^[\s]*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A UTF-8 byte order mark: without it, Excel reads UTF-8 as a legacy code page and garbles names. */
export const UTF8_BOM = '\uFEFF';
