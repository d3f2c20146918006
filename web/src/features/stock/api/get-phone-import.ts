import type { PhoneImport } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { stockKey } from './keys';

export const getPhoneImport = (id: number) =>
  request<PhoneImport>({ url: `/api/admin/phone-imports/${id}`, meta: { background: true } });

const POLL_MS = 400;

/** The import, polled while the server analyses or writes it (the progress bar follows it). */
export const usePhoneImport = (id: number | null) =>
  useQuery({
    queryKey: stockKey('import', id),
    queryFn: () => getPhoneImport(id!),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.state === 'analysing' || query.state.data?.state === 'importing' ? POLL_MS : false,
  });
