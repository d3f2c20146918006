import type { Application, ApplicationCreate } from '@jiema/shared';
import { request } from '../../../lib/http';

export const createApplication = (data: ApplicationCreate) =>
  request<Application>({ url: '/api/admin/applications', method: 'POST', data });
