import { z } from 'zod';

export const MAX_PAGE_SIZE = 500;

/** Server-side paging and sorting of every list (antd Table's `ascend` / `descend`). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sortField: z.string().max(64).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Paged<T> = { list: T[]; total: number; page: number; pageSize: number };

/** Date-range filters as ISO strings (inclusive from, exclusive to). */
export const ZDateRange = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
