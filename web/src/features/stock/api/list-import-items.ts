import type { Paged, PhoneImportItem } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { stockKey } from './keys';

export const listImportItems = (id: number, params: Record<string, unknown>) =>
  request<Paged<PhoneImportItem>>({ url: `/api/admin/phone-imports/${id}/items`, params });

export const useImportItems = (id: number, params: Record<string, unknown>, enabled: boolean) =>
  useQuery({
    queryKey: stockKey('import-items', id, params),
    queryFn: () => listImportItems(id, params),
    placeholderData: keepPreviousData,
    enabled,
  });
