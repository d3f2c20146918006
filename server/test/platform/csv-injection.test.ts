import { afterAll, expect, test } from 'vitest';
import { ADMIN, authed, createTestApp, createUser, login } from '../helpers';

const t = await createTestApp();
afterAll(() => t.close());
const token = await login(t, ADMIN.username, ADMIN.password);

/** Reads one CSV line into cells (RFC 4180 quoting). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out;
}

/** Text that Excel, LibreOffice or Sheets would start a formula (or a new cell) with (OWASP CSV Injection). */
const HOSTILE: [string, string][] = [
  ['=', '=1+1'],
  ['+', '+1+cmd|"/C calc"!A0'],
  ['-', '-2+3'],
  ['@', '@SUM(A1:A9)'],
  [';', ';=cmd|"/C calc"!A0'],
  ['tab', '\t=1+1'],
  ['carriage return', '\r=1+1'],
  ['line feed', '\n=1+1'],
  ['spaces then =', '   =1+1'],
  ['full-width ＝', '＝1+1'],
  ['full-width ＋', '＋1'],
  ['full-width －', '－1'],
  ['full-width ＠', '＠SUM(A1)'],
  ['full-width ；', '；=1+1'],
];

test.each(HOSTILE)(
  "a nickname starting with %s is exported as text, prefixed with '",
  async (_, nickName) => {
    const user = await createUser(t.db);
    await t.db.query('update users set nick_name = $2 where id = $1', [user.userId, nickName]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/export?keyword=${user.username}`,
      headers: authed(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const csv = res.body.replace(/^\uFEFF/, '');
    // The row may span lines when the cell holds a line break: it is quoted, so split on the CRLF row ends only.
    const rows = csv.split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const header = cells(rows[0]!);
    const row = cells(rows[1]!);
    expect(row[header.indexOf('nickname')]).toBe(`'${nickName}`);
  },
);

test('plain text and negative numbers stay as they are', async () => {
  const user = await createUser(t.db);
  await t.db.query('update users set nick_name = $2 where id = $1', [user.userId, 'Alice; Bob']);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/users/export?keyword=${user.username}`,
    headers: authed(token),
  });
  const [head, line] = res.body.replace(/^\uFEFF/, '').split('\r\n');
  const row = cells(line!);
  expect(row[cells(head!).indexOf('nickname')]).toBe('Alice; Bob');
  // A `;` inside a cell is quoted, so a spreadsheet splitting on `;` keeps the cell whole.
  expect(line).toContain('"Alice; Bob"');
  expect(row[cells(head!).indexOf('balance')]).toBe('0.000000');
});
