import { downloadFile } from '../../../lib/download';
import type { UserListParams } from './list-users';

export const exportUsers = (params: UserListParams) =>
  downloadFile('/api/admin/users/export', params, 'users.csv');
