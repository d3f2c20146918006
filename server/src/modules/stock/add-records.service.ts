import type { Locale, PhoneAddRecord, PhoneAddRecordFilter, PhoneAddRecordListQuery } from '@jiema/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CsvColumn } from '../../lib/csv';
import { paged } from '../../lib/pagination';
import { allAddRecords, findAddRecordFile, listAddRecords } from './add-records.repository';

export type AddRecordService = ReturnType<typeof createAddRecordService>;

/** Add records: what each batch add wrote, by whom and when, with the file it came from. */
export function createAddRecordService({ db }: { db: Db }) {
  return {
    async list(query: PhoneAddRecordListQuery) {
      const { list, total } = await listAddRecords(db, query);
      return paged(list, total, query);
    },

    all: (filter: PhoneAddRecordFilter) => allAddRecords(db, filter),

    /** The uploaded file of a record, as it was sent. */
    async file(id: number) {
      const file = await findAddRecordFile(db, id);
      if (!file?.bytes) throw new AppError('NOT_FOUND');
      return { fileName: file.fileName, contentType: file.contentType ?? 'text/plain', bytes: file.bytes };
    },
  };
}

const HEADERS = {
  'zh-CN': [
    '编号',
    '添加时间',
    '操作人',
    '国家代码',
    '国家',
    '运营商',
    '来源',
    '文件名',
    '总行数',
    '有效',
    '无效',
    '文件内重复',
    '库存已有',
    '已添加',
    '跳过',
    '耗时（毫秒）',
  ],
  'en-US': [
    'ID',
    'Added at',
    'Added by',
    'Country code',
    'Country',
    'Operator',
    'Source',
    'File name',
    'Lines',
    'Valid',
    'Invalid',
    'Duplicates in file',
    'Already in stock',
    'Added',
    'Skipped',
    'Duration (ms)',
  ],
} as const;

/** The columns of the add records export, headed in the caller's language. */
export function addRecordCsvColumns(locale: Locale): CsvColumn<PhoneAddRecord>[] {
  const values: CsvColumn<PhoneAddRecord>['value'][] = [
    (r) => r.id,
    (r) => r.createdAt,
    (r) => r.actorName,
    (r) => r.countryCode,
    (r) => (locale === 'zh-CN' ? r.countryNameZh : r.countryNameEn),
    (r) => r.operatorName,
    (r) => r.source,
    (r) => r.fileName,
    (r) => r.totalLines,
    (r) => r.validCount,
    (r) => r.invalidCount,
    (r) => r.duplicateInFileCount,
    (r) => r.duplicateInStockCount,
    (r) => r.addedCount,
    (r) => r.skippedCount,
    (r) => r.durationMs,
  ];
  return values.map((value, i) => ({ header: HEADERS[locale][i]!, value }));
}
