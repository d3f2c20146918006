import type { FastifyReply } from 'fastify';
import type { CompatRefusal } from '../common/compat-error';

/** 5sim answers errors as plain text with an HTTP status. */
export class FiveSimError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
  }
}

export const fiveSimError = (status: number, text: string) => new FiveSimError(status, text);

/** The shared refusals in 5sim's words. */
export function fromRefusal(refusal: CompatRefusal): FiveSimError {
  switch (refusal.word) {
    case 'NO_NUMBERS':
    case 'WRONG_MAX_PRICE':
      return fiveSimError(400, 'no free phones');
    case 'NO_BALANCE':
      return fiveSimError(400, 'not enough user balance');
    case 'BAD_SERVICE':
      return fiveSimError(400, 'no product');
    case 'BAD_COUNTRY':
      return fiveSimError(400, 'bad country');
    case 'BAD_OPERATOR':
      return fiveSimError(400, 'bad operator');
    case 'NO_ACTIVATION':
    case 'WRONG_ACTIVATION_ID':
      return fiveSimError(404, 'order not found');
    case 'HAS_SMS':
      return fiveSimError(400, 'order has sms');
    case 'NO_SMS_YET':
      return fiveSimError(400, 'order has no sms');
    // 5sim's own words for a cancel inside its waiting time (clients map them to "cancel too early").
    case 'EARLY_CANCEL_DENIED':
      return fiveSimError(400, 'you need to wait time');
    case 'ENDED':
      return fiveSimError(400, 'order expired');
    case 'NOT_ACTIVATION':
      return fiveSimError(400, 'hosting order');
    case 'INVALID_TIME':
      return fiveSimError(400, 'no product');
    default:
      return fiveSimError(503, 'server offline');
  }
}

export function sendError(reply: FastifyReply, error: FiveSimError) {
  if (error.status === 429) reply.header('retry-after', '1');
  return reply.code(error.status).type('text/plain; charset=utf-8').send(error.text);
}
