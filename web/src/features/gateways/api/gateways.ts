import type { Gateway, GatewayCreate, GatewayUpdate, GatewayWithSecret, Paged } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** Every change invalidates this key. */
export const GATEWAYS_KEY = ['gateways'] as const;

export const listGateways = (params: Record<string, unknown>) =>
  request<Paged<Gateway>>({ url: '/api/admin/gateways', params });

export const useGateways = (params: Record<string, unknown>) =>
  useQuery({
    queryKey: [...GATEWAYS_KEY, params],
    queryFn: () => listGateways(params),
    placeholderData: keepPreviousData,
  });

export const createGateway = (data: GatewayCreate) =>
  request<GatewayWithSecret>({ url: '/api/admin/gateways', method: 'POST', data });

export const updateGateway = ({ id, ...data }: GatewayUpdate & { id: number }) =>
  request<Gateway>({ url: `/api/admin/gateways/${id}`, method: 'PUT', data });

export const regenerateGatewaySecret = (id: number) =>
  request<GatewayWithSecret>({ url: `/api/admin/gateways/${id}/secret`, method: 'POST' });

export const deleteGateway = (id: number) =>
  request<null>({ url: `/api/admin/gateways/${id}`, method: 'DELETE' });
