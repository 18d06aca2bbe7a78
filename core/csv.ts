/**
 * What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection"): a field that begins with one of these
 * is run, not shown, when the file is opened (`=HYPERLINK(…)`, `@SUM(…)`, `+cmd|…`).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field of a CSV line (RFC 4180): a number as written; text that a spreadsheet would read as a formula
 * prefixed with `'` (OWASP's advice), and quoted when it holds a comma, a quote or a line break. Every CSV the
 * site writes goes through here, so a value a visitor chose (a campaign's name, a message) is shown, never run.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV line of these fields, without its line break. */
export function csvLine(fields: readonly (string | number)[]): string {
  return fields.map(csvField).join(',');
}
