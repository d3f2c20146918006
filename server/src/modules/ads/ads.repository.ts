import type { Ad, AdInput, AdQuery, AdStatus, Locale, PublicAd } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type AdRow = {
  id: number;
  title: string;
  image_file_id: string;
  link_url: string;
  placement: Ad['placement'];
  locale: Ad['locale'];
  starts_at: Date | null;
  ends_at: Date | null;
  enabled: boolean;
  sort_order: number;
  status: AdStatus;
  created_at: Date;
  updated_at: Date;
};

/** Where an ad stands in its schedule right now. */
const STATUS_SQL = `case when not a.enabled then 'disabled'
  when a.starts_at is not null and a.starts_at > now() then 'scheduled'
  when a.ends_at is not null and a.ends_at <= now() then 'ended'
  else 'running' end`;
const STATUS_CONDITION: Record<AdStatus, string> = {
  disabled: 'not a.enabled',
  scheduled: 'a.enabled and a.starts_at is not null and a.starts_at > now()',
  ended:
    'a.enabled and a.ends_at is not null and a.ends_at <= now() and (a.starts_at is null or a.starts_at <= now())',
  running:
    'a.enabled and (a.starts_at is null or a.starts_at <= now()) and (a.ends_at is null or a.ends_at > now())',
};

const COLUMNS = `a.id, a.title, a.image_file_id, a.link_url, a.placement, a.locale, a.starts_at, a.ends_at,
  a.enabled, a.sort_order, ${STATUS_SQL} as status, a.created_at, a.updated_at`;
const SORTABLE = {
  id: 'a.id',
  title: 'a.title',
  placement: 'a.placement',
  sortOrder: 'a.sort_order',
  startsAt: 'a.starts_at',
  endsAt: 'a.ends_at',
  createdAt: 'a.created_at',
};

export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

const toAd = (r: AdRow): Ad => ({
  id: r.id,
  title: r.title,
  imageFileId: r.image_file_id,
  imageUrl: fileUrl(r.image_file_id),
  linkUrl: r.link_url,
  placement: r.placement,
  locale: r.locale,
  startsAt: r.starts_at?.toISOString() ?? null,
  endsAt: r.ends_at?.toISOString() ?? null,
  enabled: r.enabled,
  sortOrder: r.sort_order,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listAds(q: Queryable, query: AdQuery): Promise<{ list: Ad[]; total: number }> {
  const filter = new SqlFilter();
  filter.addIf(query.placement, 'a.placement = ?', query.placement);
  if (query.status) filter.add(STATUS_CONDITION[query.status]);
  if (query.keyword) filter.add('a.title ilike ?', contains(query.keyword));
  const [rows, count] = await Promise.all([
    q.query<AdRow>(
      `select ${COLUMNS} from ads a ${filter.where}
       ${orderBy(query, SORTABLE, 'a.placement asc, a.sort_order asc, a.id asc', 'a.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(`select count(*)::int as n from ads a ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toAd), total: count[0]?.n ?? 0 };
}

/** The ads a visitor sees in one placement: enabled, inside their schedule, for their language. */
export async function listLiveAds(
  q: Queryable,
  placement: Ad['placement'],
  locale: Locale,
): Promise<PublicAd[]> {
  const rows = await q.query<AdRow>(
    `select ${COLUMNS} from ads a
     where a.placement = $1 and ${STATUS_CONDITION.running} and a.locale in ('all', $2)
     order by a.sort_order, a.id`,
    [placement, locale],
  );
  return rows.map((r) => {
    const { id, title, imageUrl, linkUrl } = toAd(r);
    return { id, title, imageUrl, linkUrl, placement: r.placement };
  });
}

export async function findAdById(q: Queryable, id: number, lock = false): Promise<Ad | null> {
  const rows = await q.query<AdRow>(
    `select ${COLUMNS} from ads a where a.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? toAd(rows[0]) : null;
}

/** An ad may only show an image uploaded as an ad image (not, say, someone's avatar). */
export async function adImageExists(q: Queryable, fileId: string): Promise<boolean> {
  const rows = await q.query("select 1 from stored_files where id = $1 and purpose = 'ad'", [fileId]);
  return rows.length > 0;
}

const values = (input: AdInput) => [
  input.title,
  input.imageFileId,
  input.linkUrl,
  input.placement,
  input.locale,
  input.startsAt,
  input.endsAt,
  input.enabled,
  input.sortOrder,
];

export async function insertAd(q: Queryable, input: AdInput): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into ads (title, image_file_id, link_url, placement, locale, starts_at, ends_at, enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    values(input),
  );
  return rows[0]!.id;
}

export async function updateAd(q: Queryable, id: number, input: AdInput): Promise<void> {
  await q.query(
    `update ads set title = $2, image_file_id = $3, link_url = $4, placement = $5, locale = $6,
       starts_at = $7, ends_at = $8, enabled = $9, sort_order = $10, updated_at = now()
     where id = $1`,
    [id, ...values(input)],
  );
}

export async function setAdEnabled(q: Queryable, id: number, enabled: boolean): Promise<void> {
  await q.query('update ads set enabled = $2, updated_at = now() where id = $1', [id, enabled]);
}

export async function deleteAd(q: Queryable, id: number): Promise<void> {
  await q.query('delete from ads where id = $1', [id]);
}
