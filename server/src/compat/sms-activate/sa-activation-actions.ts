import { currentSms, dateTime, digitsOf, isHidden, isOpen, moneyNumber } from '../common/activation-reader';
import type { ActivationView } from '../common/activations.repository';
import { listActivations } from '../common/activations.repository';
import type { CompatCall } from '../common/compat-context';
import { CompatRefusal } from '../common/compat-error';
import type { BuyRequest } from '../common/compat-orders';
import type { CompatParams } from '../common/params';
import { positiveInt } from '../common/params';
import {
  activationValidity,
  resolveCountry,
  resolveExceptions,
  resolveMaxPrice,
  resolveOperators,
  resolveService,
} from './sa-resolve';

type Call = CompatCall<CompatParams>;

const codeOf = (m: { code: string | null; text: string }) => m.code ?? m.text;

/**
 * The code a finished activation was finished with: sms-activate's setStatus 6 "marks it successful
 * and completes it", and getStatus keeps answering `STATUS_OK:<code>` for it; STATUS_CANCEL is a
 * cancelled (or expired) activation only. Null when it did not end finished.
 */
function finishedWith(v: ActivationView) {
  return v.status === 'finished' ? (v.sms[0] ?? null) : null;
}

/** getStatus: STATUS_WAIT_CODE, STATUS_WAIT_RETRY:<last code>, STATUS_OK:<code>, STATUS_CANCEL. */
export function statusWord(v: ActivationView): string {
  const finished = finishedWith(v);
  if (finished) return `STATUS_OK:${codeOf(finished)}`;
  if (!isOpen(v)) return 'STATUS_CANCEL';
  if (isHidden(v)) return 'STATUS_WAIT_CODE';
  const { latest, previous } = currentSms(v);
  if (latest) return `STATUS_OK:${codeOf(latest)}`;
  if (previous) return `STATUS_WAIT_RETRY:${codeOf(previous)}`;
  return 'STATUS_WAIT_CODE';
}

/** The numeric status of getActiveActivations/getHistory: 1 waiting, 3 waiting again, 4 code, 6 done, 8 cancelled. */
export function statusNumber(v: ActivationView): string {
  if (!isOpen(v)) return v.status === 'finished' ? '6' : '8';
  const { latest, previous } = currentSms(v);
  if (latest) return '4';
  return previous ? '3' : '1';
}

/** What getNumber asks for, checked in sms-activate's order of refusals. */
async function buyRequest(call: Call, idempotencyKey: string | null): Promise<BuyRequest> {
  const { deps, user, params } = call;
  // The three catalog reads are sent at once (a purchase waits for one round trip instead of three);
  // they are awaited in sms-activate's order, so a request wrong in several ways gets the same refusal.
  const reads = {
    service: resolveService(deps, params.service),
    country: resolveCountry(deps, params.country),
    validity: activationValidity(deps),
  };
  // A refusal not reached (an earlier one answered) must not surface as an unhandled rejection.
  for (const read of Object.values(reads)) read.catch(() => {});
  const service = await reads.service;
  const country = await reads.country;
  const maxPrice = resolveMaxPrice(params);
  if (maxPrice === 'invalid') throw new CompatRefusal('WRONG_MAX_PRICE', '0');
  const exceptions = resolveExceptions(params.phoneException);
  if (exceptions === 'invalid') throw new CompatRefusal('WRONG_EXCEPTION_PHONE');
  return {
    user,
    service,
    country,
    operators: await resolveOperators(deps, country, params.operator),
    validity: await reads.validity,
    maxPrice,
    excludePrefixes: exceptions,
    idempotencyKey,
  };
}

/** The activation id parameter: WRONG_ACTIVATION_ID when it is not a number. */
export function activationId(params: CompatParams, name = 'id') {
  const raw = params[name] ?? params.activationId;
  const id = positiveInt(raw);
  if (id === null) throw new CompatRefusal('WRONG_ACTIVATION_ID');
  return id;
}

/**
 * The caller's activation for the status polls. An id that is not a number is NO_ACTIVATION here,
 * the one error getStatus documents (WRONG_ACTIVATION_ID is setStatus's).
 */
async function owned(call: Call, name = 'id') {
  const id = positiveInt(call.params[name] ?? call.params.activationId);
  const view = id === null ? null : await call.deps.activations.ownedBy(call.user.id, id);
  if (!view) throw new CompatRefusal('NO_ACTIVATION');
  return view;
}

export const activationActions = {
  async getNumber(call: Call) {
    const bought = await call.deps.orders.buyNumber(await buyRequest(call, null));
    return `ACCESS_NUMBER:${bought.id}:${digitsOf(bought.phoneNumber)}`;
  },

  /** Like getNumber, JSON; `orderId` makes a retry answer with the same activation. */
  async getNumberV2(call: Call) {
    const orderId = call.params.orderId;
    if (orderId !== undefined && !/^[\x20-\x7e]{1,100}$/.test(orderId)) return 'BAD_ACTION';
    const key = orderId === undefined ? null : `sa:${orderId}`;
    const view = await call.deps.orders.buy(await buyRequest(call, key));
    return {
      activationId: view.id,
      phoneNumber: digitsOf(view.phone_number),
      activationCost: moneyNumber(view.price),
      currency: 840,
      countryCode: String(view.sms_activate_country ?? ''),
      canGetAnotherSms: '1',
      activationTime: dateTime(view.starts_at),
      activationEndTime: dateTime(view.expires_at),
      activationOperator: view.operator_code ?? 'any',
    };
  },

  async getStatus(call: Call) {
    return statusWord(await owned(call));
  },

  async getStatusV2(call: Call) {
    const view = await owned(call);
    const finished = finishedWith(view);
    if (!finished && !isOpen(view)) return 'STATUS_CANCEL';
    const latest = finished ?? currentSms(view).latest;
    const sms =
      latest && !isHidden(view)
        ? { dateTime: dateTime(latest.received_at), code: codeOf(latest), text: latest.text }
        : null;
    return { verificationType: 0, sms, call: null };
  },

  async getFullSms(call: Call) {
    const view = await owned(call);
    const finished = finishedWith(view);
    if (finished) return `FULL_SMS:${finished.text}`;
    if (!isOpen(view)) return 'STATUS_CANCEL';
    if (isHidden(view)) return 'STATUS_WAIT_CODE';
    const { latest, previous } = currentSms(view);
    if (latest) return `FULL_SMS:${latest.text}`;
    return previous ? `STATUS_WAIT_RETRY:${codeOf(previous)}` : 'STATUS_WAIT_CODE';
  },

  /**
   * 1 ready (nothing to do here), 3 another SMS, 6 finish, 8 / -1 cancel ("already used": banned).
   * 6 while waiting for another SMS (STATUS_WAIT_RETRY) finishes with the code already received, as
   * sms-activate's flow allows ("after 3 → 6"). Every change goes through the rentals lifecycle: the
   * same refund, once.
   */
  async setStatus(call: Call) {
    const { deps, user, params } = call;
    const id = activationId(params);
    const status = params.status;
    // The actions lock the caller's own rental and refuse another's (NO_ACTIVATION) themselves, so
    // only "ready" and an unknown status read it first.
    switch (status) {
      case '1':
        if (!isOpen(await deps.orders.own(user.id, id))) return 'BAD_STATUS';
        return 'ACCESS_READY';
      case '3':
        await deps.orders.anotherSms(user.id, id).catch(badStatus);
        return 'ACCESS_RETRY_GET';
      case '6':
        await deps.orders.finish(user.id, id).catch(badStatus);
        return 'ACCESS_ACTIVATION';
      case '8':
        await deps.orders.ban(user.id, id).catch(badStatus);
        return 'ACCESS_CANCEL';
      case '-1':
        await deps.orders.cancel(user.id, id).catch(badStatus);
        return 'ACCESS_CANCEL';
      default:
        await deps.orders.own(user.id, id);
        return 'BAD_STATUS';
    }
  },

  async getActiveActivations(call: Call) {
    const { list } = await listActivations(call.deps.db, call.user.id, {
      open: true,
      kind: 'activation',
      limit: 100,
      offset: 0,
    });
    if (list.length === 0) return { status: 'error', error: 'NO_ACTIVATIONS' };
    return {
      status: 'success',
      activeActivations: list.map((v) => {
        const shown = isHidden(v) ? [] : v.sms;
        return {
          activationId: String(v.id),
          serviceCode: v.service,
          phoneNumber: digitsOf(v.phone_number),
          activationCost: moneyNumber(v.price),
          activationStatus: statusNumber(v),
          smsCode: shown.length ? shown.map(codeOf) : null,
          smsText: shown.length ? `[${shown.map((m) => m.text).join(',')}]` : null,
          activationTime: dateTime(v.starts_at),
          discount: '0.00',
          repeated: '0',
          countryCode: String(v.sms_activate_country ?? ''),
          countryName: v.country_name_en,
          canGetAnotherSms: '1',
          currency: 840,
        };
      }),
    };
  },

  /**
   * The older name of getActiveActivations, paged with `start` (0 first) and `length` (default 10, at
   * most 100), in the shape the official Java client reads: `{"data":[{id, forward, phone, createDate,
   * service, country, finishDate, forwardNumber}],"existNext":..,"quant":..}` (dates in unix seconds).
   */
  async getListOfActiveActivations(call: Call) {
    const { params } = call;
    const start = /^\d{1,9}$/.test(params.start ?? '') ? Number(params.start) : 0;
    const length = Math.min(100, positiveInt(params.length) ?? 10);
    const { list, total } = await listActivations(call.deps.db, call.user.id, {
      open: true,
      kind: 'activation',
      limit: length,
      offset: start,
    });
    const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    return {
      data: list.map((v) => ({
        id: v.id,
        forward: 0,
        phone: Number(digitsOf(v.phone_number)),
        createDate: seconds(v.starts_at),
        service: v.service,
        country: v.sms_activate_country,
        finishDate: seconds(v.expires_at),
        forwardNumber: '',
      })),
      existNext: start + list.length < total,
      quant: total,
    };
  },

  /** start/end: unix seconds (at most 30 days apart), offset, limit (≤ 100, default 50). */
  async getHistory(call: Call) {
    const { params } = call;
    const parse = (v: string | undefined) =>
      v === undefined ? null : /^\d{1,12}$/.test(v) ? Number(v) : Number.NaN;
    const start = parse(params.start);
    const end = parse(params.end);
    if (Number.isNaN(start) || Number.isNaN(end)) return 'WRONG_DATE';
    const to = end === null ? new Date() : new Date(end * 1000);
    const from = start === null ? new Date(to.getTime() - 30 * 86400_000) : new Date(start * 1000);
    if (from > to || to.getTime() - from.getTime() > 30 * 86400_000 + 1000) return 'WRONG_DATE';
    const limit = Math.min(100, positiveInt(params.limit) ?? 50);
    const offset = /^\d{1,9}$/.test(params.offset ?? '') ? Number(params.offset) : 0;
    const { list } = await listActivations(call.deps.db, call.user.id, { from, to, limit, offset });
    return list.map((v) => ({
      id: v.id,
      date: dateTime(v.starts_at),
      phone: digitsOf(v.phone_number),
      sms: JSON.stringify(isHidden(v) ? [] : v.sms.map((m) => m.text)),
      cost: moneyNumber(v.price),
      status: statusNumber(v),
      currency: 840,
    }));
  },
};

function badStatus(error: unknown): never {
  if (error instanceof CompatRefusal && ['EARLY_CANCEL_DENIED', 'NO_ACTIVATION'].includes(error.word))
    throw error;
  if (error instanceof CompatRefusal && error.word !== 'ERROR') throw new CompatRefusal('BAD_STATUS');
  throw error;
}
