import type { AuditLog, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export type AuditParams = Record<string, string | number | undefined>;

export const listAuditLogs = (params: AuditParams) =>
  request<Paged<AuditLog>>({ url: '/api/admin/audit-logs', params });

export const useAuditLogs = (params: AuditParams) =>
  useQuery({
    queryKey: ['audit', 'list', params],
    queryFn: () => listAuditLogs(params),
    placeholderData: keepPreviousData,
  });
