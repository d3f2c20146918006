import { unzipSync } from 'fflate';

/**
 * The first worksheet of an .xlsx file as rows of strings: the zip is opened with fflate and the
 * sheet's XML read with the browser's DOMParser (no spreadsheet library: we need values only).
 */
export function readXlsxRows(bytes: Uint8Array): string[][] {
  const files = unzipSync(bytes, {
    filter: (f) =>
      f.name === 'xl/sharedStrings.xml' ||
      /^xl\/worksheets\/sheet\d+\.xml$/.test(f.name) ||
      f.name === 'xl/workbook.xml',
  });
  const xml = (name: string) => {
    const file = files[name];
    return file ? new DOMParser().parseFromString(new TextDecoder().decode(file), 'application/xml') : null;
  };
  const shared = xml('xl/sharedStrings.xml');
  const strings = shared
    ? Array.from(shared.getElementsByTagName('si')).map((si) =>
        Array.from(si.getElementsByTagName('t'))
          .map((t) => t.textContent ?? '')
          .join(''),
      )
    : [];
  const sheetName = Object.keys(files)
    .filter((n) => n.startsWith('xl/worksheets/'))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]))[0];
  const sheet = sheetName ? xml(sheetName) : null;
  if (!sheet) throw new Error('no worksheet');
  const rows: string[][] = [];
  for (const rowEl of Array.from(sheet.getElementsByTagName('row'))) {
    const row: string[] = [];
    for (const cell of Array.from(rowEl.getElementsByTagName('c'))) {
      const column = columnIndex(cell.getAttribute('r') ?? '') ?? row.length;
      const type = cell.getAttribute('t');
      const raw = cell.getElementsByTagName('v')[0]?.textContent ?? '';
      let value: string;
      if (type === 's') value = strings[Number(raw)] ?? '';
      else if (type === 'inlineStr')
        value = Array.from(cell.getElementsByTagName('t'))
          .map((t) => t.textContent ?? '')
          .join('');
      else value = numberText(raw);
      while (row.length < column) row.push('');
      row[column] = value;
    }
    if (row.some((v) => v.trim() !== '')) rows.push(row);
  }
  return rows;
}

/** "C12" → 2. */
function columnIndex(ref: string): number | null {
  const letters = /^([A-Z]+)/.exec(ref)?.[1];
  if (!letters) return null;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Phone numbers typed into Excel become numbers, sometimes stored as 8.613800138E10: write them out in full. */
function numberText(raw: string): string {
  if (/^-?\d+(\.\d+)?[eE][+-]?\d+$/.test(raw)) {
    const n = Number(raw);
    if (Number.isSafeInteger(n)) return String(n);
  }
  return raw;
}
