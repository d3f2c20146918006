import { dateTime, digitsOf, isHidden, isOpen, moneyNumber } from '../common/activation-reader';
import type { ActivationView } from '../common/activations.repository';
import { listActivations } from '../common/activations.repository';
import { operatorsOf, wholeNumberService } from '../common/catalog.repository';
import type { CompatCall } from '../common/compat-context';
import { CompatRefusal } from '../common/compat-error';
import { offers } from '../common/offers';
import type { CompatParams } from '../common/params';
import { positiveInt } from '../common/params';
import { activationId } from './sa-activation-actions';
import { rentalValidity, resolveCountry, resolveOperators, resolveService } from './sa-resolve';

type Call = CompatCall<CompatParams>;

/** Rent answers are JSON: errors too, `{"status":"error","message":"NO_NUMBERS"}`. */
export const rentError = (message: string) => ({ status: 'error', message });

/** `time` as the official Python client sends it, `rent_time` as the documentation names it. */
const rentHours = (params: CompatParams) => params.rent_time ?? params.time;

function rentAnswer(view: ActivationView) {
  return {
    status: 'success',
    phone: { id: view.id, endDate: view.expires_at.slice(0, 19), number: digitsOf(view.phone_number) },
  };
}

async function ownedRental(call: Call) {
  const view = await call.deps.orders.own(call.user.id, activationId(call.params));
  if (view.kind !== 'rental') throw new CompatRefusal('NO_ACTIVATION');
  return view;
}

export const rentActions = {
  /** `{"countries":{"0":2},"operators":{"0":"any"},"services":{"tg":{"cost":..,"quant":..}},"currency":840}`. */
  async getRentServicesAndCountries(call: Call) {
    const { deps, params } = call;
    const country = await resolveCountry(deps, params.country);
    const validity = await rentalValidity(deps, rentHours(params));
    const list = await offers(deps, {
      validityOptionId: validity.id,
      countryCode: country.code.trim(),
      withEmpty: true,
      demo: call.user.demo,
    });
    const services: Record<string, { cost: number; quant: number }> = {};
    for (const o of list) services[o.service.code] = { cost: moneyNumber(o.price), quant: o.count };
    const operators = (await operatorsOf(deps.db, country.code.trim())).map((o) => o.code);
    return {
      countries: { 0: country.sms_activate_id },
      operators: Object.fromEntries(operators.map((o, i) => [i, o])),
      services,
      currency: 840,
    };
  },

  async getRentNumber(call: Call) {
    const { deps, user, params } = call;
    const service =
      params.service === undefined || params.service === 'full'
        ? await wholeNumberService(deps.db)
        : await resolveService(deps, params.service);
    if (!service) throw new CompatRefusal('BAD_SERVICE');
    const country = await resolveCountry(deps, params.country);
    const view = await deps.orders.buy({
      user,
      service,
      country,
      operators: await resolveOperators(deps, country, params.operator),
      validity: await rentalValidity(deps, rentHours(params)),
      maxPrice: null,
      excludePrefixes: [],
      idempotencyKey: null,
    });
    return rentAnswer(view);
  },

  /** The SMS of a rental: `{"status":"success","quantity":"2","values":{"0":{"phoneFrom","text","service","date"}}}`. */
  async getRentStatus(call: Call) {
    const view = await ownedRental(call);
    if (!isOpen(view))
      return rentError(
        view.status === 'finished' || view.status === 'expired' ? 'STATUS_FINISH' : 'STATUS_CANCEL',
      );
    const sms = isHidden(view) ? [] : view.sms;
    if (sms.length === 0) return rentError('STATUS_WAIT_CODE');
    const size = Math.min(100, positiveInt(call.params.size) ?? 10);
    const page = /^\d{1,6}$/.test(call.params.page ?? '') ? Number(call.params.page) : 0;
    const slice = sms.slice(page * size, page * size + size);
    return {
      status: 'success',
      quantity: String(sms.length),
      values: Object.fromEntries(
        slice.map((m, i) => [
          i,
          { phoneFrom: m.sender, text: m.text, service: view.service, date: dateTime(m.received_at) },
        ]),
      ),
    };
  },

  /** 1 finish; 2 cancel is not offered (a rental is not refunded once it started: CANT_CANCEL). */
  async setRentStatus(call: Call) {
    const view = await ownedRental(call);
    const status = call.params.status;
    if (status !== '1' && status !== '2') return rentError('INCORECT_STATUS');
    if (view.status === 'finished' || view.status === 'expired') return rentError('ALREADY_FINISH');
    if (view.status === 'cancelled') return rentError('ALREADY_CANCEL');
    if (status === '2') return rentError('CANT_CANCEL');
    await call.deps.orders.finish(call.user.id, view.id);
    return { status: 'success' };
  },

  /** `{"status":"success","values":{"0":{"id":"12345","phone":"79181234567"}}}`: open rentals. */
  async getRentList(call: Call) {
    const length = Math.min(100, positiveInt(call.params.length) ?? 100);
    const page = /^\d{1,6}$/.test(call.params.page ?? '') ? Number(call.params.page) : 0;
    const { list } = await listActivations(call.deps.db, call.user.id, {
      open: true,
      kind: 'rental',
      limit: length,
      offset: page * length,
    });
    if (list.length === 0) return rentError('NO_NUMBERS');
    return {
      status: 'success',
      values: Object.fromEntries(
        list.map((v, i) => [i, { id: String(v.id), phone: digitsOf(v.phone_number) }]),
      ),
    };
  },

  /** Extends an open rental by the shortest rental on sale covering `rent_time` hours (renewals: one charge). */
  async continueRentNumber(call: Call) {
    const view = await ownedRental(call);
    if (!isOpen(view)) return rentError('RENT_DIE');
    const validity = await rentalValidity(call.deps, rentHours(call.params));
    await call.deps.orders.renew(call.user.id, view.id, validity.id);
    const after = await call.deps.orders.own(call.user.id, view.id);
    return rentAnswer(after);
  },
};
