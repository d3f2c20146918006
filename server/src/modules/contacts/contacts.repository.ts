import type { Contact, ContactInput, ContactQuery, PublicContact } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type ContactRow = {
  id: number;
  type: Contact['type'];
  label_zh: string;
  label_en: string;
  value: string;
  link: string;
  enabled: boolean;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS =
  'c.id, c.type, c.label_zh, c.label_en, c.value, c.link, c.enabled, c.sort_order, c.created_at, c.updated_at';
const SORTABLE = {
  id: 'c.id',
  type: 'c.type',
  sortOrder: 'c.sort_order',
  enabled: 'c.enabled',
  createdAt: 'c.created_at',
};

const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  type: r.type,
  labelZh: r.label_zh,
  labelEn: r.label_en,
  value: r.value,
  link: r.link,
  enabled: r.enabled,
  sortOrder: r.sort_order,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listContacts(
  q: Queryable,
  query: ContactQuery,
): Promise<{ list: Contact[]; total: number }> {
  const filter = new SqlFilter();
  filter.addIf(query.type, 'c.type = ?', query.type);
  if (query.keyword) {
    const pattern = contains(query.keyword);
    filter.add('(c.label_zh ilike ? or c.label_en ilike ? or c.value ilike ?)', pattern, pattern, pattern);
  }
  const [rows, count] = await Promise.all([
    q.query<ContactRow>(
      `select ${COLUMNS} from contact_channels c ${filter.where}
       ${orderBy(query, SORTABLE, 'c.sort_order asc, c.id asc', 'c.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(
      `select count(*)::int as n from contact_channels c ${filter.where}`,
      filter.values,
    ),
  ]);
  return { list: rows.map(toContact), total: count[0]?.n ?? 0 };
}

/** The enabled channels in display order, for the public contact page. */
export async function listEnabledContacts(q: Queryable): Promise<PublicContact[]> {
  const rows = await q.query<ContactRow>(
    `select ${COLUMNS} from contact_channels c where c.enabled order by c.sort_order, c.id`,
  );
  return rows.map((r) => {
    const { id, type, labelZh, labelEn, value, link } = toContact(r);
    return { id, type, labelZh, labelEn, value, link };
  });
}

export async function findContactById(q: Queryable, id: number, lock = false): Promise<Contact | null> {
  const rows = await q.query<ContactRow>(
    `select ${COLUMNS} from contact_channels c where c.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? toContact(rows[0]) : null;
}

export async function insertContact(q: Queryable, input: ContactInput): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into contact_channels (type, label_zh, label_en, value, link, enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [input.type, input.labelZh, input.labelEn, input.value, input.link, input.enabled, input.sortOrder],
  );
  return rows[0]!.id;
}

export async function updateContact(q: Queryable, id: number, input: ContactInput): Promise<void> {
  await q.query(
    `update contact_channels set type = $2, label_zh = $3, label_en = $4, value = $5, link = $6,
       enabled = $7, sort_order = $8, updated_at = now()
     where id = $1`,
    [id, input.type, input.labelZh, input.labelEn, input.value, input.link, input.enabled, input.sortOrder],
  );
}

export async function setContactEnabled(q: Queryable, id: number, enabled: boolean): Promise<void> {
  await q.query('update contact_channels set enabled = $2, updated_at = now() where id = $1', [id, enabled]);
}

export async function deleteContact(q: Queryable, id: number): Promise<void> {
  await q.query('delete from contact_channels where id = $1', [id]);
}
