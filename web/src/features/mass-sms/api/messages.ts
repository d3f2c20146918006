import { MASS_SMS_API, type OutboundMessage, type Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { request } from '../../../lib/http';
import { messageMayChange } from './awaiting-reports';
import { MESSAGES_KEY } from './keys';

export const useOutboundMessages = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...MESSAGES_KEY, params],
    queryFn: () => request<Paged<OutboundMessage>>({ url: MASS_SMS_API.messages, params }),
    placeholderData: keepPreviousData,
    // While a message on the page may still change: pending, or sent and its report not in yet.
    refetchInterval: (query) => (query.state.data?.list.some((m) => messageMayChange(m)) ? 5000 : false),
  });

export const exportMessages = (params: Record<string, unknown>) => {
  const { page: _page, pageSize: _size, ...filters } = params;
  return downloadFile(MASS_SMS_API.messagesExport, filters, 'sms-send-history.csv');
};
