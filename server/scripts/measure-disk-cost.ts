// Disk cost per mass SMS message and per inbound SMS on PostgreSQL: pg_total_relation_size (table, TOAST
// and indexes) of the tables a row lands in, before and after inserting N rows shaped like real ones.
// Needs an EMPTY database (it migrates it):
//   createdb jiema_disk && DATABASE_URL=postgres://…/jiema_disk npx tsx scripts/measure-disk-cost.ts [N]
import { createDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('set DATABASE_URL to an empty PostgreSQL database');
  process.exit(2);
}
const n = Number(process.argv[2] ?? 20_000);
const CHUNK = 1000;
const db = await createDb({ databaseUrl: url, dataDir: '' });
await migrate(db);

const sizeOf = async (tables: string[]) =>
  (
    await db.query<{ bytes: number }>(
      'select sum(pg_total_relation_size(t::regclass))::bigint as bytes from unnest($1::text[]) t',
      [tables],
    )
  )[0]!.bytes;

async function measure(label: string, tables: string[], insertChunk: (from: number) => Promise<void>) {
  await db.exec(`vacuum analyze ${tables.join(', ')}`);
  const before = await sizeOf(tables);
  for (let from = 0; from < n; from += CHUNK) await insertChunk(from);
  await db.exec(`vacuum analyze ${tables.join(', ')}`);
  const after = await sizeOf(tables);
  console.log(
    `${label}: ${Math.round((after - before) / n)} bytes per row (${tables.join(' + ')}, ${n} rows)`,
  );
}

const [user] = await db.query<{ id: number }>(
  `insert into users (username, email, password_hash, api_key) values ('disk', 'disk@jiema.test', 'x', 'disk-key')
   returning id`,
);
const [campaign] = await db.query<{ id: number }>(
  `insert into sms_campaigns (user_id, request_key, status, content, plan, price, total, segments, free_segments,
     amount, usage_day)
   values ($1, 'disk', 'completed', 'x', 'standard', 0.05, 0, 0, 0, 0, current_date) returning id`,
  [user!.id],
);
const TEXT = 'Your order 48213 has shipped and arrives on Friday. Track it at https://ex.am/t/8f3k2';
const RECEIPT = {
  id: '0A1B2C3D',
  sub: '001',
  dlvrd: '001',
  submitDate: '2611271200',
  doneDate: '2611271201',
  stat: 'DELIVRD',
  err: '000',
  text: 'Your order 48213 h',
};

// Delivered, one part, its receipt arrived with the submit's result: kept on the message (the usual case).
await measure('mass SMS message, receipt on the message', ['sms_outbound'], async (from) => {
  await db.query(
    `insert into sms_outbound (campaign_id, user_id, phone, sender_id, text, encoding, segments, cost, status,
       expires_at, connector_id, last_connector_id, external_ids, delivered_parts, submitted_at, done_at, receipt)
     select $1, $2, '+1555' || lpad(g::text, 7, '0'), 'Jiema', $3, 'gsm7', 1, 0.05, 'delivered', now(), 1, 1,
            array[lpad(to_hex(g), 8, '0')], '{1}', now(), now(), $4::jsonb
       from generate_series($5::int, $5::int + $6::int - 1) g`,
    [campaign!.id, user!.id, TEXT, JSON.stringify(RECEIPT), from, CHUNK],
  );
});

// Delivered, receipt arrived later: the message, its part's id keys (hex and decimal) and the receipt row.
await measure(
  'mass SMS message, receipt stored on its own',
  ['sms_outbound', 'sms_outbound_parts', 'sms_delivery_reports'],
  async (from) => {
    const ids = await db.query<{ id: number; g: number }>(
      `insert into sms_outbound (campaign_id, user_id, phone, sender_id, text, encoding, segments, cost, status,
         expires_at, connector_id, last_connector_id, external_ids, delivered_parts, submitted_at, done_at)
       select $1, $2, '+1556' || lpad(g::text, 7, '0'), 'Jiema', $3, 'gsm7', 1, 0.05, 'delivered', now(), 1, 1,
              array[lpad(to_hex(g), 8, '0')], '{1}', now(), now()
         from generate_series($4::int, $4::int + $5::int - 1) g
       returning id, (substr(phone, 6))::int as g`,
      [campaign!.id, user!.id, TEXT, from, CHUNK],
    );
    await db.query(
      `insert into sms_outbound_parts (connector_id, id_key, message_id, part_no)
       select 1, k, id, 1 from unnest($1::bigint[], $2::int[]) as m(id, g),
         lateral (values (lpad(to_hex(g), 8, '0')), (g::text)) as keys(k)`,
      [ids.map((r) => r.id), ids.map((r) => r.g)],
    );
    await db.query(
      `insert into sms_delivery_reports (connector_id, message_id, external_id, status, stat, raw, id_keys)
       select 1, id, lpad(to_hex(g), 8, '0'), 'delivered', 'DELIVRD', $3::jsonb, array[lpad(to_hex(g), 8, '0')]
         from unnest($1::bigint[], $2::int[]) as m(id, g)`,
      [ids.map((r) => r.id), ids.map((r) => r.g), JSON.stringify(RECEIPT)],
    );
  },
);

// An inbound verification SMS as a gateway webhook stores it (source and the gateway's message id).
await measure('inbound SMS', ['sms_messages'], async (from) => {
  await db.query(
    `insert into sms_messages (phone_number, sender, text, code, source, external_id)
     select '+1555' || lpad(g::text, 7, '0'), 'WhatsApp', $1, '482913', 'smsgate:1', md5(g::text)
       from generate_series($2::int, $2::int + $3::int - 1) g`,
    ["Your WhatsApp code: 482-913. Don't share this code with others.", from, CHUNK],
  );
});
await db.close();
