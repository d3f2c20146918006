import type { MyTransfer, TransferInput } from '@jiema/shared';
import { request } from '../../../lib/http';

/** The idempotency key makes a retried click (or a lost answer) move nothing twice. */
export const createTransfer = (input: TransferInput) =>
  request<MyTransfer>({ url: '/api/transfers', method: 'POST', data: input });
