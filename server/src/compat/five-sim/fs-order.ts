import { isHidden, isOpen, moneyNumber } from '../common/activation-reader';
import type { ActivationView } from '../common/activations.repository';

/** 5sim's order statuses, from a rental: open = RECEIVED (the number is there; SMS in `sms`). */
export function orderStatus(v: ActivationView): string {
  if (isOpen(v)) return 'RECEIVED';
  switch (v.status) {
    case 'cancelled':
      return v.banned ? 'BANNED' : 'CANCELED';
    case 'expired':
      return 'TIMEOUT';
    default:
      return 'FINISHED';
  }
}

export function smsList(v: ActivationView) {
  if (isHidden(v)) return [];
  // Oldest first, as 5sim lists an order's SMS.
  return [...v.sms].reverse().map((m) => ({
    created_at: m.received_at,
    date: m.received_at,
    sender: m.sender,
    text: m.text,
    code: m.code ?? '',
  }));
}

/** The order object every buy/check/finish/cancel/ban answers with. */
export function orderJson(v: ActivationView) {
  const sms = smsList(v);
  return {
    id: v.id,
    phone: v.phone_number,
    operator: v.operator_fivesim ?? v.operator_code ?? 'any',
    product: v.kind === 'rental' ? hostingProduct(v) : (v.fivesim_product ?? v.service),
    price: moneyNumber(v.price),
    status: orderStatus(v),
    expires: v.expires_at,
    sms: sms.length ? sms : null,
    created_at: v.starts_at,
    forwarding: false,
    forwarding_number: '',
    country: v.fivesim_country ?? '',
  };
}

/** 5sim's hosting products and the hours they stand for. */
export const HOSTING_HOURS: Record<string, number> = {
  '3hours': 3,
  '1day': 24,
  '10days': 240,
  '1month': 720,
};

/** A day rental as 5sim's hosting product: the longest one its validity covers. */
function hostingProduct(v: ActivationView) {
  const hours = (Date.parse(v.expires_at) - Date.parse(v.starts_at)) / 3600_000;
  const fits = Object.entries(HOSTING_HOURS).filter(([, h]) => h <= hours + 0.01);
  return fits.length ? fits[fits.length - 1]![0] : '3hours';
}
