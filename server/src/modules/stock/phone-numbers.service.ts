import type {
  Locale,
  PhoneBulkResult,
  PhoneNumber,
  PhoneNumberBulkState,
  PhoneNumberFilter,
  PhoneNumberListQuery,
  PhoneNumberUpdate,
  PhoneState,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CsvColumn } from '../../lib/csv';
import { paged } from '../../lib/pagination';
import { type Actor, audit } from '../audit/audit';
import {
  countTarget,
  deletePhoneNumbers,
  findOperator,
  findPhoneNumber,
  listPhoneNumbers,
  type PhoneTarget,
  phoneNumbersAfter,
  setTargetState,
  stockOptions,
  updatePhoneNumber,
} from './phone-numbers.repository';

/** Rows per query of a CSV export. */
const EXPORT_PAGE = 5_000;

export type PhoneNumberService = ReturnType<typeof createPhoneNumberService>;

export function createPhoneNumberService({ db }: { db: Db }) {
  return {
    async list(query: PhoneNumberListQuery) {
      const { list, total } = await listPhoneNumbers(db, query);
      return paged(list, total, query);
    },

    options: () => stockOptions(db),

    /** The numbers matching the filter, page after page in id order (a CSV export streams them). */
    async *exportPages(filter: PhoneNumberFilter): AsyncGenerator<PhoneNumber[]> {
      let afterId = 0;
      for (;;) {
        const rows = await phoneNumbersAfter(db, filter, afterId, EXPORT_PAGE);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_PAGE) return;
        afterId = rows[rows.length - 1]!.id;
      }
    },

    /** Operator (within the number's country) and source of one number. */
    async update(actor: Actor, id: number, input: PhoneNumberUpdate): Promise<PhoneNumber> {
      return db.transaction(async (tx) => {
        const before = await findPhoneNumber(tx, id);
        if (!before) throw new AppError('NOT_FOUND');
        if (input.operatorId !== undefined && input.operatorId !== before.operatorId) {
          if (before.state === 'in_use') throw new AppError('PHONE_IN_USE');
          const operator = await findOperator(tx, input.operatorId);
          if (!operator || operator.country_code !== before.countryCode)
            throw new AppError('STOCK_OPERATOR_UNKNOWN');
        }
        await updatePhoneNumber(tx, id, input);
        const after = (await findPhoneNumber(tx, id))!;
        await audit(tx, actor, {
          action: 'update',
          entity: 'phone_number',
          entityId: id,
          before: { operatorId: before.operatorId, source: before.source },
          after: { operatorId: after.operatorId, source: after.source },
        });
        return after;
      });
    },

    /**
     * Enables (disabled → available) or disables (available or cooling down → disabled) the selected
     * numbers or all numbers matching a filter, in one statement. Numbers in use are left to their
     * rental; the answer counts what changed and what was skipped.
     */
    async setState(actor: Actor, input: PhoneNumberBulkState): Promise<PhoneBulkResult> {
      const target: PhoneTarget = input.ids ? { ids: input.ids } : { filter: input.filter ?? {} };
      const from: PhoneState[] = input.enabled ? ['disabled'] : ['available', 'cooling_down'];
      const to: PhoneState = input.enabled ? 'available' : 'disabled';
      return db.transaction(async (tx) => {
        const matched = await countTarget(tx, target);
        const changed = await setTargetState(tx, target, from, to);
        const result = { changed, skipped: matched - changed };
        await audit(tx, actor, {
          action: input.enabled ? 'enable' : 'disable',
          entity: 'phone_number',
          entityId: input.ids?.length === 1 ? input.ids[0]! : 'bulk',
          before: input.ids ? { ids: input.ids } : { filter: input.filter },
          after: { state: to, ...result },
        });
        return result;
      });
    },

    /** Deletes the selected numbers, except those in use. */
    async remove(actor: Actor, ids: number[]): Promise<PhoneBulkResult> {
      return db.transaction(async (tx) => {
        const deleted = await deletePhoneNumbers(tx, ids);
        if (deleted.length > 0) {
          await audit(tx, actor, {
            action: 'delete',
            entity: 'phone_number',
            entityId: deleted.length === 1 ? deleted[0]!.id : 'bulk',
            before: deleted,
          });
        }
        return { changed: deleted.length, skipped: ids.length - deleted.length };
      });
    },
  };
}

const STATE_LABELS: Record<Locale, Record<PhoneState, string>> = {
  'zh-CN': { available: '可用', in_use: '使用中', disabled: '已禁用', cooling_down: '冷却中' },
  'en-US': { available: 'Available', in_use: 'In use', disabled: 'Disabled', cooling_down: 'Cooling down' },
};

const HEADERS = {
  'zh-CN': [
    '编号',
    '号码',
    '国家代码',
    '国家',
    '运营商',
    '号段',
    '来源',
    '状态',
    '冷却至',
    '已用应用数',
    '最近使用',
    '添加记录',
    '添加时间',
  ],
  'en-US': [
    'ID',
    'Number',
    'Country code',
    'Country',
    'Operator',
    'Prefix',
    'Source',
    'State',
    'Cooling down until',
    'Used for apps',
    'Last used',
    'Add record',
    'Added at',
  ],
} as const;

/** The columns of the numbers export, headed in the caller's language. */
export function phoneCsvColumns(locale: Locale): CsvColumn<PhoneNumber>[] {
  const h = HEADERS[locale];
  const values: CsvColumn<PhoneNumber>['value'][] = [
    (r) => r.id,
    (r) => r.number,
    (r) => r.countryCode,
    (r) => (locale === 'zh-CN' ? r.countryNameZh : r.countryNameEn),
    (r) => r.operatorName,
    (r) => r.prefix,
    (r) => r.source,
    (r) => STATE_LABELS[locale][r.state],
    (r) => r.cooldownUntil,
    (r) => r.usedApps,
    (r) => r.lastUsedAt,
    (r) => r.addRecordId,
    (r) => r.createdAt,
  ];
  return values.map((value, i) => ({ header: h[i]!, value }));
}
