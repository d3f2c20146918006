import type { ErrorCatalogue } from './types';

/** Errors of balances and the ledger. */
export const MONEY_ERRORS = {
  INSUFFICIENT_BALANCE: {
    status: 400,
    'zh-CN': '余额不足，需要 {needed} USDT，请先充值',
    'en-US': 'Insufficient balance: {needed} USDT needed, please recharge first',
  },
  BALANCE_WOULD_BE_NEGATIVE: {
    status: 400,
    'zh-CN': '扣除后余额不能为负数，当前余额 {balance} USDT',
    'en-US': 'The balance cannot go below zero; it is {balance} USDT',
  },
  LEDGER_REFERENCE_CONFLICT: {
    status: 409,
    'zh-CN': '该流水编号已用于另一笔不同的变动',
    'en-US': 'This ledger reference was already used for a different change',
  },
} as const satisfies ErrorCatalogue;
