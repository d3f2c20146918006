import type { Application, ApplicationUpdate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const updateApplication = ({ id, ...data }: ApplicationUpdate & { id: number }) =>
  request<Application>({ url: `/api/admin/applications/${id}`, method: 'PUT', data });
