import type { SmppConfigInput, SmppGatewayView } from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** An SMPP gateway's bind settings and live state; polled while shown (the holder rewrites it every poll). */
export const smppKey = (id: number) => ['gateways', 'smpp', id] as const;

export const getSmpp = (id: number) => request<SmppGatewayView>({ url: `/api/admin/gateways/${id}/smpp` });

export const useSmpp = (id: number | null) =>
  useQuery({
    queryKey: smppKey(id ?? 0),
    queryFn: () => getSmpp(id!),
    enabled: id !== null,
    refetchInterval: 2000,
    meta: { background: true },
  });

export const saveSmpp = ({ id, ...data }: SmppConfigInput & { id: number }) =>
  request<SmppGatewayView>({ url: `/api/admin/gateways/${id}/smpp`, method: 'PUT', data });

export const setSmppRunning = ({ id, running }: { id: number; running: boolean }) =>
  request<SmppGatewayView>({
    url: `/api/admin/gateways/${id}/smpp/${running ? 'start' : 'stop'}`,
    method: 'POST',
  });
