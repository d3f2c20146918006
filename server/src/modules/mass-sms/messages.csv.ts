import type { Locale, OutboundMessage } from '@jiema/shared';
import type { CsvColumn } from '../../lib/csv';

const HEADERS = {
  'zh-CN': [
    '编号',
    '任务',
    '号码',
    '内容',
    '编码',
    '段数',
    '状态',
    '通道',
    '尝试次数',
    '错误',
    '创建时间',
    '提交时间',
    '完成时间',
  ],
  'en-US': [
    'ID',
    'Send order',
    'Number',
    'Text',
    'Encoding',
    'Segments',
    'Status',
    'Connector',
    'Attempts',
    'Error',
    'Created',
    'Submitted',
    'Done',
  ],
} as const;

export function messageCsvColumns(locale: Locale): CsvColumn<OutboundMessage>[] {
  const h = HEADERS[locale];
  const values: CsvColumn<OutboundMessage>['value'][] = [
    (m) => m.id,
    (m) => m.campaignId,
    (m) => m.phone,
    (m) => m.text,
    (m) => m.encoding,
    (m) => m.segments,
    (m) => m.status,
    (m) => m.connectorName,
    (m) => m.attempts,
    (m) => m.error,
    (m) => m.createdAt,
    (m) => m.submittedAt,
    (m) => m.doneAt,
  ];
  return values.map((value, index) => ({ header: h[index]!, value }));
}
