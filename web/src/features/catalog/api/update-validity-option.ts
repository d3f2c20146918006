import type { ValidityOption, ValidityOptionUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateValidityOption = ({ id, ...data }: ValidityOptionUpdate & { id: number }) =>
  request<ValidityOption>({ url: `/api/admin/validity-options/${id}`, method: 'PUT', data });
