import { type CountryCreate, type CountryListQuery, type CountryUpdate, flagOf } from '@jiema/shared';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import {
  countryIdTaken,
  deleteCountry,
  exportCountries,
  findCountry,
  insertAnyOperator,
  insertCountry,
  listCountries,
  setCountriesEnabled,
  updateCountry,
} from './countries.repository';
import { isForeignKeyViolation, isUniqueViolation, pgError } from './sql';

export type CountriesService = ReturnType<typeof createCountriesService>;

/** The sms-activate id and 5sim slug are unique across countries: said clearly before the database says it. */
async function assertIdsFree(
  q: Queryable,
  input: { smsActivateId?: number | null; fivesimSlug?: string | null },
  exceptCode: string | null,
) {
  if (
    input.smsActivateId != null &&
    (await countryIdTaken(q, 'sms_activate_id', input.smsActivateId, exceptCode))
  ) {
    throw new AppError('SMS_ACTIVATE_ID_TAKEN', { id: input.smsActivateId });
  }
  if (input.fivesimSlug != null && (await countryIdTaken(q, 'fivesim_slug', input.fivesimSlug, exceptCode))) {
    throw new AppError('FIVESIM_SLUG_TAKEN', { slug: input.fivesimSlug });
  }
}

/** A unique violation that slipped past the checks (two admins at once) becomes the same clear error. */
function uniqueError(
  error: unknown,
  input: { code?: string; smsActivateId?: number | null; fivesimSlug?: string | null },
) {
  const { constraint } = pgError(error);
  if (constraint?.includes('sms_activate'))
    return new AppError('SMS_ACTIVATE_ID_TAKEN', { id: input.smsActivateId ?? '' });
  if (constraint?.includes('fivesim'))
    return new AppError('FIVESIM_SLUG_TAKEN', { slug: input.fivesimSlug ?? '' });
  return new AppError('COUNTRY_EXISTS', { code: input.code ?? '' });
}

export function createCountriesService({ db }: { db: Db }) {
  const mustFind = async (q: Queryable, code: string, lock = false) => {
    const country = await findCountry(q, code, { lock });
    if (!country) throw new AppError('COUNTRY_NOT_FOUND');
    return country;
  };

  return {
    async list(query: CountryListQuery) {
      const { list, total } = await listCountries(db, query);
      return paged(list, total, query);
    },

    export: (query: Pick<CountryListQuery, 'keyword' | 'enabled'>) => exportCountries(db, query),

    /** A new country comes with its "any" operator. */
    async create(actor: Actor, input: CountryCreate) {
      try {
        return await db.transaction(async (tx) => {
          if (await findCountry(tx, input.code)) throw new AppError('COUNTRY_EXISTS', { code: input.code });
          await assertIdsFree(tx, input, null);
          await insertCountry(tx, { ...input, flag: input.flag || flagOf(input.code) });
          await insertAnyOperator(tx, input.code);
          const created = await mustFind(tx, input.code);
          await audit(tx, actor, {
            action: 'create',
            entity: 'country',
            entityId: input.code,
            after: created,
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueError(error, input);
        throw error;
      }
    },

    async update(actor: Actor, code: string, changes: CountryUpdate) {
      try {
        return await db.transaction(async (tx) => {
          const before = await mustFind(tx, code, true);
          await assertIdsFree(tx, changes, code);
          const flag = changes.flag === '' ? flagOf(code) : changes.flag;
          await updateCountry(tx, code, { ...changes, flag });
          const after = await mustFind(tx, code);
          await audit(tx, actor, { action: 'update', entity: 'country', entityId: code, before, after });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueError(error, { code, ...changes });
        throw error;
      }
    },

    /** Enables or disables many countries at once; one audit row per country that changed. */
    async setEnabled(actor: Actor, codes: readonly string[], enabled: boolean) {
      return db.transaction(async (tx) => {
        const changed = await setCountriesEnabled(tx, [...new Set(codes)], enabled);
        for (const code of changed) {
          await audit(tx, actor, {
            action: enabled ? 'enable' : 'disable',
            entity: 'country',
            entityId: code,
            before: { enabled: !enabled },
            after: { enabled },
          });
        }
        return { updated: changed.length };
      });
    },

    /** Deletes a country with its operators and price rules; refused while numbers or orders use it. */
    async remove(actor: Actor, code: string) {
      try {
        await db.transaction(async (tx) => {
          const before = await mustFind(tx, code, true);
          await deleteCountry(tx, code);
          await audit(tx, actor, { action: 'delete', entity: 'country', entityId: code, before });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('COUNTRY_IN_USE');
        throw error;
      }
    },
  };
}
