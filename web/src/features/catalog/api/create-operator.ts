import type { Operator, OperatorCreate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createOperator = (data: OperatorCreate) =>
  request<Operator>({ url: '/api/admin/operators', method: 'POST', data });
