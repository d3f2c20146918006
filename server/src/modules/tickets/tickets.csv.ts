import type { Locale } from '@jiema/shared';
import type { CsvColumn } from '../../lib/csv';
import type { TicketRow } from './tickets.repository';

type Column = { header: Record<Locale, string>; value: CsvColumn<TicketRow>['value'] };

/** Headers in the caller's language; type, priority and status stay API codes a sheet can filter on. */
const COLUMNS: Column[] = [
  { header: { 'zh-CN': '工单号', 'en-US': 'Ticket number' }, value: (r) => r.ticketNo },
  { header: { 'zh-CN': '用户', 'en-US': 'User' }, value: (r) => r.username },
  { header: { 'zh-CN': '类型', 'en-US': 'Type' }, value: (r) => r.type },
  { header: { 'zh-CN': '优先级', 'en-US': 'Priority' }, value: (r) => r.priority },
  { header: { 'zh-CN': '标题', 'en-US': 'Title' }, value: (r) => r.title },
  { header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
  { header: { 'zh-CN': '处理人', 'en-US': 'Assignee' }, value: (r) => r.assigneeName },
  { header: { 'zh-CN': '评分', 'en-US': 'Rating' }, value: (r) => r.rating },
  { header: { 'zh-CN': '评价', 'en-US': 'Feedback' }, value: (r) => r.ratingFeedback },
  { header: { 'zh-CN': '创建时间', 'en-US': 'Created at' }, value: (r) => r.createdAt },
  { header: { 'zh-CN': '最后回复', 'en-US': 'Last reply' }, value: (r) => r.lastReplyAt },
  { header: { 'zh-CN': '首次响应', 'en-US': 'First response' }, value: (r) => r.firstResponseAt },
  { header: { 'zh-CN': '开始处理', 'en-US': 'Processing started' }, value: (r) => r.processingStartedAt },
  { header: { 'zh-CN': '处理完成', 'en-US': 'Processing finished' }, value: (r) => r.processingFinishedAt },
  { header: { 'zh-CN': '处理时长（分钟）', 'en-US': 'Duration (minutes)' }, value: (r) => r.durationMinutes },
  { header: { 'zh-CN': '超出时限', 'en-US': 'Overdue' }, value: (r) => r.overdue },
];

export const ticketCsvColumns = (locale: Locale): CsvColumn<TicketRow>[] =>
  COLUMNS.map((c) => ({ header: c.header[locale], value: c.value }));
