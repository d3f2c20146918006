import type { Queryable } from '../../db/client';
import { dayOf } from './period';
import { successRatesFromCells } from './rollups.repository';
import { type SuccessRow, successRates } from './statistics.repository';

const DAY_MS = 86_400_000;
type Range = { start: Date; end: Date; tzOffset: number };

/**
 * Code success rates over [start, end): the whole UTC days inside from the per-day cells (migration
 * 0080), the partial days at both ends (the reader's midnight is rarely UTC's) from the rentals
 * themselves, added up. The same rows as `successRates` over the whole range.
 */
export async function successRatesOver(q: Queryable, range: Range): Promise<SuccessRow[]> {
  const startMs = range.start.getTime();
  const endMs = range.end.getTime();
  const wholeFrom = Math.ceil(startMs / DAY_MS) * DAY_MS;
  const wholeTo = Math.floor(endMs / DAY_MS) * DAY_MS;
  if (wholeFrom >= wholeTo) return successRates(q, range);
  const parts = await Promise.all([
    successRatesFromCells(q, dayOf(wholeFrom), dayOf(wholeTo)),
    wholeFrom > startMs ? successRates(q, { ...range, end: new Date(wholeFrom) }) : [],
    wholeTo < endMs ? successRates(q, { ...range, start: new Date(wholeTo) }) : [],
  ]);
  const merged = new Map<string, SuccessRow>();
  for (const row of parts.flat()) {
    const id = `${row.dimension}\u0000${row.key ?? '\u0001'}`;
    const seen = merged.get(id);
    if (seen) {
      seen.rentals += row.rentals;
      seen.with_code += row.with_code;
    } else merged.set(id, { ...row });
  }
  return [...merged.values()];
}
