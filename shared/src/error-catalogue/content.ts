import type { ErrorCatalogue } from './types';

/** Errors of the content an administrator manages: TRON addresses, contacts, ads, announcements. */
export const CONTENT_ERRORS = {
  /** The shape is right but the base58check checksum or the version byte is not. */
  TRON_ADDRESS_INVALID: {
    status: 400,
    'zh-CN': 'TRON 地址无效：校验失败，请确认地址复制完整且无错字',
    'en-US': 'Invalid TRON address: the checksum does not match, check that it was copied in full',
  },
  TRON_ADDRESS_TAKEN: {
    status: 409,
    'zh-CN': '该 TRON 地址已存在',
    'en-US': 'This TRON address already exists',
  },
  TRON_ADDRESS_NOT_FOUND: { status: 404, 'zh-CN': 'TRON 地址不存在', 'en-US': 'TRON address not found' },
  /** Deposits may already have been sent to it: only the label and the enabled flag may change. */
  TRON_ADDRESS_ASSIGNED: {
    status: 409,
    'zh-CN': '该地址已分配给用户作为充值地址，不能修改地址或删除，可以停用',
    'en-US': 'This address is a user’s deposit address: it cannot be changed or deleted, only disabled',
  },
  CONTACT_NOT_FOUND: { status: 404, 'zh-CN': '联系方式不存在', 'en-US': 'Contact channel not found' },
  AD_NOT_FOUND: { status: 404, 'zh-CN': '广告不存在', 'en-US': 'Ad not found' },
  AD_IMAGE_NOT_FOUND: {
    status: 400,
    'zh-CN': '广告图片不存在，请重新上传',
    'en-US': 'The ad image does not exist, please upload it again',
  },
  /** Spec §8: announcement details not found (also for one that is not published). */
  ANNOUNCEMENT_NOT_FOUND: {
    status: 404,
    'zh-CN': '公告详情不存在',
    'en-US': 'Announcement details not found',
  },
  /** The content had nothing left to show once sanitised (only tags, spaces, or removed elements). */
  ANNOUNCEMENT_CONTENT_EMPTY: {
    status: 400,
    'zh-CN': '公告中文内容不能为空',
    'en-US': 'The Chinese content of the announcement is empty',
  },
  ANNOUNCEMENT_ENGLISH_CONTENT_EMPTY: {
    status: 400,
    'zh-CN': '公告英文内容不能为空（或同时清空英文标题）',
    'en-US': 'The English content is empty (or clear the English title too)',
  },
} as const satisfies ErrorCatalogue;
