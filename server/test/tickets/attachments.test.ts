import { TICKET_ATTACHMENT_MAX_BYTES, USER_TYPE } from '@jiema/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createUser,
  expectErrorEnvelope,
  login,
  loginAs,
  type TestApp,
} from '../helpers';
import { JPEG_2X2, PNG_2X2 } from '../support/images';
import {
  api,
  EXE_BYTES,
  GIF_1X1,
  type Image,
  type Locale,
  postForm,
  submitTicket,
  validTicket,
  WEBP_HEADER,
} from './support';

/** The first bytes of each kind of spec §5, as real files of that kind begin. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const ZIP_HEADER = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.alloc(22)]);
/** An empty zip archive: only its end record. */
const EMPTY_ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
const TXT = Buffer.from('订单 12345 的验证码没有到。\r\nThe code of order 12345 never came.\n\tThanks\n');

let t: TestApp;
let customer: string;
let other: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = (await loginAs(t, USER_TYPE.CUSTOMER)).token;
  other = (await loginAs(t, USER_TYPE.CUSTOMER)).token;
  adminToken = await login(t, ADMIN.username, ADMIN.password);
});
afterAll(() => t?.close());

const storedCounts = async () =>
  (
    await t.db.query<{ tickets: number; files: number; messages: number }>(
      `select (select count(*)::int from tickets) as tickets,
              (select count(*)::int from stored_files where purpose = 'ticket') as files,
              (select count(*)::int from ticket_messages) as messages`,
    )
  )[0]!;

/** Expects a 400 with exactly the message of each locale, and nothing stored. */
async function expectRefused(
  send: (locale: Locale) => Promise<import('fastify').LightMyRequestResponse>,
  texts: Record<Locale, string>,
) {
  const before = await storedCounts();
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const body = expectErrorEnvelope(await send(locale), 400);
    expect(body.message).toBe(texts[locale]);
  }
  expect(await storedCounts()).toEqual(before);
}

const submitWith = (files: Image[], locale: Locale = 'zh-CN') =>
  postForm(t, '/api/tickets', customer, validTicket(), files, locale);

const typeRefusal = (name: string) => ({
  'zh-CN': `附件 ${name} 的内容不是允许的类型（JPG、PNG、GIF、WebP、PDF、DOC、DOCX、TXT、ZIP）`,
  'en-US': `The content of ${name} is not an allowed type (JPG, PNG, GIF, WebP, PDF, DOC, DOCX, TXT, ZIP)`,
});

type Listed = { id: string; name: string; contentType: string; size: number };

describe('ticket attachments (spec §5: jpg, png, gif, pdf, doc, txt, zip; 5 files of 5 MB; by content)', () => {
  test('every allowed kind is stored with the type its content has, whatever the browser declared', async () => {
    // The browser's declared type is ignored: everything is sent as application/octet-stream.
    const blind = (name: string, bytes: Buffer): Image => ({ name, bytes, type: 'application/octet-stream' });
    const id = await submitTicket(t, customer, {}, [
      blind('screen.png', PNG_2X2),
      blind('photo.jpg', JPEG_2X2),
      blind('anim.gif', GIF_1X1),
      blind('shot.webp', WEBP_HEADER),
      blind('invoice.pdf', PDF),
    ]);
    const reply = await postForm(t, `/api/tickets/${id}/replies`, customer, { content: 'more files' }, [
      blind('letter.doc', DOC),
      blind('letter.docx', ZIP_HEADER),
      blind('log.txt', TXT),
      blind('logs.zip', EMPTY_ZIP),
      // a JPEG saved as .png is still an image, stored as the JPEG it is
      blind('saved-as.png', JPEG_2X2),
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = (await api(t, 'GET', `/api/tickets/${id}`, { token: customer })).json().data;
    const listed = (files: Listed[]) => files.map((f) => [f.name, f.contentType, f.size]);
    expect(listed(detail.attachments)).toEqual([
      ['screen.png', 'image/png', PNG_2X2.length],
      ['photo.jpg', 'image/jpeg', JPEG_2X2.length],
      ['anim.gif', 'image/gif', GIF_1X1.length],
      ['shot.webp', 'image/webp', WEBP_HEADER.length],
      ['invoice.pdf', 'application/pdf', PDF.length],
    ]);
    expect(listed(detail.messages.at(-1).attachments)).toEqual([
      ['letter.doc', 'application/msword', DOC.length],
      [
        'letter.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ZIP_HEADER.length,
      ],
      ['log.txt', 'text/plain', TXT.length],
      ['logs.zip', 'application/zip', EMPTY_ZIP.length],
      ['saved-as.png', 'image/jpeg', JPEG_2X2.length],
    ]);
  });

  test('five files of exactly 5 MB each are accepted and come back byte for byte', async () => {
    const big = (head: Buffer) =>
      Buffer.concat([head, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES - head.length)]);
    const files = [
      { name: 'a.pdf', bytes: big(PDF) },
      { name: 'b.zip', bytes: big(ZIP_HEADER) },
      { name: 'c.doc', bytes: big(DOC) },
      { name: 'd.png', bytes: big(PNG_2X2) },
      { name: 'e.pdf', bytes: big(PDF) },
    ];
    const res = await submitWith(files);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const detail = (await api(t, 'GET', `/api/tickets/${id}`, { token: customer })).json().data;
    expect(detail.attachments.map((f: Listed) => f.size)).toEqual(
      files.map(() => TICKET_ATTACHMENT_MAX_BYTES),
    );
    const download = await api(t, 'GET', `/api/tickets/${id}/files/${detail.attachments[1].id}`, {
      token: customer,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(files[1]!.bytes)).toBe(true);
  }, 60_000);

  test('a file one byte over 5 MB is refused in both languages, and nothing is kept', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES + 1 - PDF.length)]);
    await expectRefused((locale) => submitWith([{ name: 'big.pdf', bytes: big }], locale), {
      'zh-CN': '附件 big.pdf 超过 5 MB',
      'en-US': 'The file big.pdf is larger than 5 MB',
    });
  }, 60_000);

  test('a sixth file is refused', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, bytes: TXT }));
    await expectRefused((locale) => submitWith(six, locale), {
      'zh-CN': '最多上传 5 个附件',
      'en-US': 'At most 5 files can be attached',
    });
  });

  test('the content decides: renamed programs, scripts named as images, binary "text" are refused', async () => {
    const cases: Image[] = [
      { name: 'manual.pdf', bytes: EXE_BYTES, type: 'application/pdf' },
      { name: 'tool.exe', bytes: EXE_BYTES },
      { name: 'evil.jpg', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/jpeg' },
      { name: 'notes.txt', bytes: Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02]), type: 'text/plain' },
      { name: 'latin1.txt', bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9]), type: 'text/plain' },
      // real content of an allowed kind under another kind's name
      { name: 'report.zip', bytes: PDF, type: 'application/zip' },
      { name: 'page.html', bytes: Buffer.from('<html><body>hi</body></html>'), type: 'text/html' },
      { name: 'empty.txt', bytes: Buffer.alloc(0), type: 'text/plain' },
    ];
    for (const file of cases) {
      await expectRefused((locale) => submitWith([file], locale), typeRefusal(file.name));
    }
  });

  test('a bad file among good ones refuses the whole form, replies included', async () => {
    await expectRefused(
      (locale) =>
        submitWith(
          [
            { name: 'ok.pdf', bytes: PDF },
            { name: 'bad.doc', bytes: EXE_BYTES },
          ],
          locale,
        ),
      typeRefusal('bad.doc'),
    );
    const id = await submitTicket(t, customer);
    await expectRefused(
      (locale) =>
        postForm(
          t,
          `/api/admin/tickets/${id}/replies`,
          adminToken,
          { content: 'see' },
          [{ name: 'x.zip', bytes: EXE_BYTES }],
          locale,
        ),
      typeRefusal('x.zip'),
    );
  });
});

describe('downloading an attachment', () => {
  let ticketId: number;
  let files: Record<string, string>;
  beforeAll(async () => {
    ticketId = await submitTicket(t, customer, {}, [
      { name: 'invoice.pdf', bytes: PDF },
      { name: '日志.txt', bytes: TXT },
      { name: 'screen.png', bytes: PNG_2X2 },
    ]);
    const detail = (await api(t, 'GET', `/api/tickets/${ticketId}`, { token: customer })).json().data;
    files = Object.fromEntries(detail.attachments.map((f: Listed) => [f.name, f.id]));
  });

  test('a document is a sandboxed download of its checked type; an image is shown inline', async () => {
    const get = (name: string) =>
      api(t, 'GET', `/api/tickets/${ticketId}/files/${files[name]}`, { token: customer });
    const pdf = await get('invoice.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    expect(pdf.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const txt = await get('日志.txt');
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.headers['content-disposition']).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''${encodeURIComponent('日志.txt')}`,
    );
    expect(txt.rawPayload.equals(TXT)).toBe(true);

    const png = await get('screen.png');
    expect(png.headers['content-disposition']).toMatch(/^inline; /);
  });

  test('staff with the ticket permission download it; another customer and a staff member without it cannot', async () => {
    const adminRes = await api(t, 'GET', `/api/admin/tickets/${ticketId}/files/${files['invoice.pdf']}`, {
      token: adminToken,
    });
    expect(adminRes.statusCode).toBe(200);
    expect(adminRes.rawPayload.equals(PDF)).toBe(true);

    expectErrorEnvelope(
      await api(t, 'GET', `/api/tickets/${ticketId}/files/${files['invoice.pdf']}`, { token: other }),
      404,
    );
    // A customer on the staff route: no ticket-management permission.
    expectErrorEnvelope(
      await api(t, 'GET', `/api/admin/tickets/${ticketId}/files/${files['invoice.pdf']}`, { token: other }),
      403,
    );
    const agent = await createUser(t.db, { userType: USER_TYPE.AGENT });
    const agentToken = await login(t, agent.username, agent.password);
    expectErrorEnvelope(
      await api(t, 'GET', `/api/admin/tickets/${ticketId}/files/${files['invoice.pdf']}`, {
        token: agentToken,
      }),
      403,
    );
    // Never through the public file route, not even with a session.
    expectErrorEnvelope(
      await t.app.inject({ method: 'GET', url: `/api/files/${files['invoice.pdf']}` }),
      404,
    );
  });
});
