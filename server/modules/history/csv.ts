/**
 * CSV writing (RFC 4180: comma separated, CRLF line ends, fields with a comma, quote or line
 * break quoted, quotes doubled) with a guard against formula injection: a spreadsheet runs a cell
 * that starts with `=`, `+`, `-`, `@` (or a tab or carriage return) as a formula, so such a cell
 * gets a leading `'`. Plain decimal numbers (`-2.50`) are left alone: they are not formulas, and
 * a quote would turn them into text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>) => cells.map(csvCell).join(',');

/** A whole document: header line, rows, CRLF after each line, and a UTF-8 byte order mark for spreadsheets. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${[csvLine(header), ...rows.map(csvLine)].map((line) => `${line}\r\n`).join('')}`;
}
