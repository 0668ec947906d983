import 'server-only';
/**
 * CSV (RFC 4180) for spreadsheets. Cells come from links and partner texts anyone can influence,
 * so a cell a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage
 * return) gets a leading apostrophe, and is then quoted like any other cell.
 */

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row, each ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
