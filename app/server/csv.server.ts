/** CSV as the admin's exports write it: every cell quoted, lines ended by CRLF. */

/**
 * A cell as spreadsheets should read it: text that a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) gets a leading apostrophe, and every cell is quoted.
 */
export function csvCell(value: unknown) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(values: readonly unknown[]) {
  return `${values.map(csvCell).join(",")}\r\n`;
}
