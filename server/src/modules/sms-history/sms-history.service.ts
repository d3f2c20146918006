import {
  type PhoneUsageFilter,
  type PhoneUsageListQuery,
  SMS_HISTORY_EXPORT_MAX_ROWS,
  type SmsHistoryFilter,
  type SmsHistoryListQuery,
  type SmsRecordFilter,
  type SmsRecordListQuery,
} from '@jiema/shared';
import type { Db } from '../../db/client';
import { paged } from '../../lib/pagination';
import { exportUsage, listUsage } from './phone-usage.repository';
import {
  allApplications,
  applicationsOfUser,
  exportHistory,
  exportRecords,
  listHistory,
  listRecords,
} from './sms-messages.repository';

export type SmsHistoryService = ReturnType<typeof createSmsHistoryService>;

/**
 * Read-only views of the SMS center: a user's code receive history (only SMS attributed to rentals
 * they own), and the administrators' SMS records and phone usage records. Nothing here writes.
 */
export function createSmsHistoryService({ db }: { db: Db }) {
  return {
    async history(userId: number, query: SmsHistoryListQuery) {
      const { list, total } = await listHistory(db, userId, query);
      return paged(list, total, query);
    },
    exportHistory: (userId: number, query: SmsHistoryFilter) =>
      exportHistory(db, userId, query, SMS_HISTORY_EXPORT_MAX_ROWS),
    historyApplications: (userId: number) => applicationsOfUser(db, userId),

    async records(query: SmsRecordListQuery) {
      const { list, total } = await listRecords(db, query);
      return paged(list, total, query);
    },
    exportRecords: (query: SmsRecordFilter) => exportRecords(db, query, SMS_HISTORY_EXPORT_MAX_ROWS),

    async phoneUsage(query: PhoneUsageListQuery) {
      const { list, total } = await listUsage(db, query);
      return paged(list, total, query);
    },
    exportPhoneUsage: (query: PhoneUsageFilter) => exportUsage(db, query, SMS_HISTORY_EXPORT_MAX_ROWS),

    applications: () => allApplications(db),
  };
}
