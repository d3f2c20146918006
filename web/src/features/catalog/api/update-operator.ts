import type { Operator, OperatorUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateOperator = ({ id, ...data }: OperatorUpdate & { id: number }) =>
  request<Operator>({ url: `/api/admin/operators/${id}`, method: 'PUT', data });
