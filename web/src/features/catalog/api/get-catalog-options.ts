import type { CatalogOptions } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { catalogKey } from './keys';

export const getCatalogOptions = () => request<CatalogOptions>({ url: '/api/admin/catalog-options' });

export const useCatalogOptions = () =>
  useQuery({ queryKey: catalogKey('options'), queryFn: getCatalogOptions });
