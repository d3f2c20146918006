import type { Db } from '../../src/db/client';
import type { TestApp } from '../helpers';
import { buy, smsTo } from '../sms-history/sms-helpers';
import { buyer, dataOf, type StoreWorld } from '../store/store-helpers';

export { smsTo };
export type Buyer = Awaited<ReturnType<typeof buyer>>;
type Rental = { id: number; token: string; phoneNumber: string; orderId: number };

/** A customer who bought `quantity` day rentals; their rentals (with tokens) and the order token. */
export async function customerWithRentals(t: TestApp, world: StoreWorld, quantity = 1) {
  const b = await buyer(t);
  const order = await buy(t, world, b, { validityOptionId: world.dayId, quantity });
  const rentals: Rental[] = [];
  for (const phone of order.phones) {
    rentals.push(dataOf<Rental>(await b.call({ method: 'GET', url: `/api/rentals/${phone.rentalId}` })));
  }
  const full = dataOf<{ token: string }>(await b.call({ method: 'GET', url: `/api/orders/${order.id}` }));
  return { b, rentals, orderToken: full.token };
}

/** Saves code settings straight through the API. */
export async function setSettings(
  b: Buyer,
  settings: Partial<{
    answerFormat: string;
    windowMinutes: number;
    timeZone: string;
    webhookUrl: string | null;
  }>,
) {
  return dataOf<{ webhookSecret: string | null }>(
    await b.call({
      method: 'PUT',
      url: '/api/code-settings',
      payload: {
        answerFormat: 'json',
        windowMinutes: 20,
        timeZone: 'Asia/Shanghai',
        webhookUrl: null,
        ...settings,
      },
    }),
  );
}

/** Inserts an SMS a moment later, as a gateway would from elsewhere while someone waits. */
export function smsSoon(db: Db, rentalId: number, ms: number, input: Parameters<typeof smsTo>[2] = {}) {
  return new Promise<number>((resolve, reject) => {
    setTimeout(() => smsTo(db, rentalId, input).then(resolve, reject), ms);
  });
}
