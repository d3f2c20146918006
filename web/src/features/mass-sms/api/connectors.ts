import {
  type Connector,
  type ConnectorCreate,
  type ConnectorTestInput,
  type ConnectorTestResult,
  type ConnectorUpdate,
  MASS_SMS_API,
} from '@jiema/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { CONNECTORS_KEY } from './keys';

export const useConnectors = () =>
  useQuery({
    queryKey: CONNECTORS_KEY,
    queryFn: () => request<Connector[]>({ url: MASS_SMS_API.connectors }),
    refetchInterval: 10_000,
  });

export const createConnector = (data: ConnectorCreate) =>
  request<Connector>({ url: MASS_SMS_API.connectors, method: 'POST', data });

export const updateConnector = ({ id, ...data }: ConnectorUpdate & { id: number }) =>
  request<Connector>({ url: MASS_SMS_API.connector(id), method: 'PUT', data });

export const deleteConnector = (id: number) =>
  request<null>({ url: MASS_SMS_API.connector(id), method: 'DELETE' });

export const testConnector = ({ id, ...data }: ConnectorTestInput & { id: number }) =>
  request<ConnectorTestResult>({ url: MASS_SMS_API.connectorTest(id), method: 'POST', data });
