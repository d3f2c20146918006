import type { SmsApplication } from '@jiema/shared';

/** Helpers shared by the SMS history repositories. */

export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/**
 * The LIKE pattern of a phone number filter: its digits anywhere in the stored E.164 number (people
 * paste numbers with spaces, dashes or without the +). Null when nothing searchable is left.
 */
export function phonePattern(value: string | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' ? null : `%${digits}%`;
}

/** A "contains" LIKE pattern with the user's own % _ and \ taken literally. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/** The columns `application()` reads, for a join aliased `a`. */
export const APPLICATION_COLUMNS = `a.id as app_id, a.code as app_code, a.name_zh as app_name_zh,
  a.name_en as app_name_en, a.icon_path as app_icon_path`;

export type ApplicationColumns = {
  app_id: number | null;
  app_code: string | null;
  app_name_zh: string | null;
  app_name_en: string | null;
  app_icon_path: string | null;
};

/** The application of a row, or null when the join found none. */
export function application(row: ApplicationColumns): SmsApplication | null {
  if (row.app_id === null) return null;
  return {
    id: row.app_id,
    code: row.app_code ?? '',
    nameZh: row.app_name_zh ?? '',
    nameEn: row.app_name_en ?? '',
    iconPath: row.app_icon_path ?? '',
  };
}
