import type { ValidityOption, ValidityOptionCreate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createValidityOption = (data: ValidityOptionCreate) =>
  request<ValidityOption>({ url: '/api/admin/validity-options', method: 'POST', data });
