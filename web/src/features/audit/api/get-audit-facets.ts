import type { AuditFacets } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export const getAuditFacets = () => request<AuditFacets>({ url: '/api/admin/audit-logs/facets' });

/** The entities and actions in the log, for the filter drop-downs. */
export const useAuditFacets = () => useQuery({ queryKey: ['audit', 'facets'], queryFn: getAuditFacets });
