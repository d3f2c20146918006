import type { Announcement, AnnouncementQuery, PublishedAnnouncement } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { limitOffset, orderBy, SqlFilter } from '../../lib/pagination';

type AnnouncementRow = {
  id: number;
  title_zh: string;
  title_en: string;
  content_zh: string;
  content_en: string;
  published: boolean;
  pinned: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  readers?: number;
  read_count?: number;
};

export type AnnouncementFields = {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  published: boolean;
  pinned: boolean;
};

const COLUMNS =
  'n.id, n.title_zh, n.title_en, n.content_zh, n.content_en, n.published, n.pinned, n.published_at, n.created_at, n.updated_at';
/** How many users opened the announcement (administrators' view). */
const READERS = '(select count(*)::int from announcement_reads r where r.announcement_id = n.id) as readers';
const SORTABLE = {
  id: 'n.id',
  titleZh: 'n.title_zh',
  published: 'n.published',
  pinned: 'n.pinned',
  publishedAt: 'n.published_at',
  createdAt: 'n.created_at',
  updatedAt: 'n.updated_at',
};
/** What readers see first: pinned, then the most recently published. */
const READER_ORDER = 'order by n.pinned desc, n.published_at desc, n.id desc';

const toAnnouncement = (r: AnnouncementRow): Announcement => ({
  id: r.id,
  titleZh: r.title_zh,
  titleEn: r.title_en,
  contentZh: r.content_zh,
  contentEn: r.content_en,
  published: r.published,
  pinned: r.pinned,
  publishedAt: r.published_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  readers: r.readers ?? 0,
});

/** The reader's language, or Chinese (the fallback language) when there is no English version. */
export function toPublished(a: Announcement, english: boolean, readCount = 0): PublishedAnnouncement {
  const useEnglish = english && a.titleEn !== '' && a.contentEn !== '';
  return {
    id: a.id,
    title: useEnglish ? a.titleEn : a.titleZh,
    content: useEnglish ? a.contentEn : a.contentZh,
    pinned: a.pinned,
    publishedAt: (a.publishedAt ?? a.updatedAt) as string,
    readCount,
  };
}

const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listAnnouncements(
  q: Queryable,
  query: AnnouncementQuery,
): Promise<{ list: Announcement[]; total: number }> {
  const filter = new SqlFilter();
  filter.addIf(query.published, 'n.published = ?', query.published);
  if (query.read === 'read')
    filter.add('exists (select 1 from announcement_reads r where r.announcement_id = n.id)');
  if (query.read === 'unread')
    filter.add('not exists (select 1 from announcement_reads r where r.announcement_id = n.id)');
  if (query.keyword) {
    const pattern = contains(query.keyword);
    filter.add('(n.title_zh ilike ? or n.title_en ilike ?)', pattern, pattern);
  }
  const [rows, count] = await Promise.all([
    q.query<AnnouncementRow>(
      `select ${COLUMNS}, ${READERS} from announcements n ${filter.where}
       ${orderBy(query, SORTABLE, 'n.pinned desc, n.created_at desc', 'n.id')} ${limitOffset(query)}`,
      filter.values,
    ),
    q.query<{ n: number }>(`select count(*)::int as n from announcements n ${filter.where}`, filter.values),
  ]);
  return { list: rows.map(toAnnouncement), total: count[0]?.n ?? 0 };
}

/** Published announcements for one reader, with how many times they opened each; `read` filters on it. */
export async function listPublishedAnnouncements(
  q: Queryable,
  userId: number,
  page: { page: number; pageSize: number; read?: 'read' | 'unread' },
): Promise<{ list: { announcement: Announcement; readCount: number }[]; total: number }> {
  const readFilter =
    page.read === 'read'
      ? 'and mine.read_count is not null'
      : page.read === 'unread'
        ? 'and mine.read_count is null'
        : '';
  const from = `from announcements n
    left join announcement_reads mine on mine.announcement_id = n.id and mine.user_id = $1
    where n.published ${readFilter}`;
  const [rows, count] = await Promise.all([
    q.query<AnnouncementRow>(
      `select ${COLUMNS}, mine.read_count ${from} ${READER_ORDER} ${limitOffset(page)}`,
      [userId],
    ),
    q.query<{ n: number }>(`select count(*)::int as n ${from}`, [userId]),
  ]);
  return {
    list: rows.map((r) => ({ announcement: toAnnouncement(r), readCount: r.read_count ?? 0 })),
    total: count[0]?.n ?? 0,
  };
}

/** Counts one more opening of a published announcement by a reader; the new count (null: not published). */
export async function recordAnnouncementRead(
  q: Queryable,
  id: number,
  userId: number,
): Promise<number | null> {
  const rows = await q.query<{ read_count: number }>(
    `insert into announcement_reads as r (announcement_id, user_id)
     select n.id, $2 from announcements n where n.id = $1 and n.published
     on conflict (announcement_id, user_id)
       do update set read_count = r.read_count + 1, last_read_at = now()
     returning r.read_count`,
    [id, userId],
  );
  return rows[0]?.read_count ?? null;
}

export async function findAnnouncementById(
  q: Queryable,
  id: number,
  lock = false,
): Promise<Announcement | null> {
  const rows = await q.query<AnnouncementRow>(
    `select ${COLUMNS}, ${READERS} from announcements n where n.id = $1${lock ? ' for update of n' : ''}`,
    [id],
  );
  return rows[0] ? toAnnouncement(rows[0]) : null;
}

export async function insertAnnouncement(q: Queryable, input: AnnouncementFields): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into announcements (title_zh, title_en, content_zh, content_en, published, pinned, published_at)
     values ($1, $2, $3, $4, $5, $6, case when $5 then now() end) returning id`,
    [input.titleZh, input.titleEn, input.contentZh, input.contentEn, input.published, input.pinned],
  );
  return rows[0]!.id;
}

/** Publishing stamps the time once per publication; unpublishing clears it (a later re-publish is news again). */
export async function updateAnnouncement(q: Queryable, id: number, input: AnnouncementFields): Promise<void> {
  await q.query(
    `update announcements set title_zh = $2, title_en = $3, content_zh = $4, content_en = $5,
       published_at = case when not $6 then null when published then published_at else now() end,
       published = $6, pinned = $7, updated_at = now()
     where id = $1`,
    [id, input.titleZh, input.titleEn, input.contentZh, input.contentEn, input.published, input.pinned],
  );
}

export async function setAnnouncementPublished(q: Queryable, id: number, published: boolean): Promise<void> {
  await q.query(
    `update announcements set
       published_at = case when not $2 then null when published then published_at else now() end,
       published = $2, updated_at = now()
     where id = $1`,
    [id, published],
  );
}

export async function setAnnouncementPinned(q: Queryable, id: number, pinned: boolean): Promise<void> {
  await q.query('update announcements set pinned = $2, updated_at = now() where id = $1', [id, pinned]);
}

export async function deleteAnnouncement(q: Queryable, id: number): Promise<void> {
  await q.query('delete from announcements where id = $1', [id]);
}
