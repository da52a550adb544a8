import { escapeControls } from './terminal-text';

/** A plain-text table: a header, a rule, and columns padded to their widest cell. Cells show control characters escaped. */
export function formatTable(header: string[], raw: string[][]): string {
  const rows = raw.map((row) => row.map((cell) => escapeControls(cell)));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
