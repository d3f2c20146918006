import type { ErrorCatalogue } from './types';

/** Errors of the privilege rules of user administration (who may change whom, and grant what). */
export const PRIVILEGE_ERRORS = {
  SELF_PRIVILEGE_CHANGE: {
    status: 403,
    'zh-CN': '不能修改自己的用户类型、角色、权限或余额',
    'en-US': 'You cannot change your own user type, roles, permissions or balance',
  },
  PERMISSION_NOT_HELD: {
    status: 403,
    'zh-CN': '不能授予自己没有的权限：{permissions}',
    'en-US': 'You cannot grant permissions you do not hold: {permissions}',
  },
  TARGET_MORE_PRIVILEGED: {
    status: 403,
    'zh-CN': '该账号拥有你没有的权限（{permissions}），你不能修改它、重置它的密码或替它操作',
    'en-US':
      'This account holds permissions you do not hold ({permissions}): you cannot change it, reset its password or act on it',
  },
  ADMIN_ONLY_CHANGE: {
    status: 403,
    'zh-CN': '只有管理员才能设置或修改管理员账号',
    'en-US': 'Only an administrator can make or change an administrator account',
  },
} as const satisfies ErrorCatalogue;
