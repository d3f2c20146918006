import { toMicros } from '@jiema/shared';
import { moneyNumber } from '../common/activation-reader';
import { listActivations } from '../common/activations.repository';
import type { KeyUser } from '../common/api-key-users';
import {
  type CompatCountry,
  type CompatService,
  countryByFivesimSlug,
  enabledValidities,
  operatorsOf,
  serviceByFivesimProduct,
  wholeNumberService,
} from '../common/catalog.repository';
import type { CompatDeps } from '../common/compat-context';
import { CompatRefusal } from '../common/compat-error';
import { positiveInt, priceParam } from '../common/params';
import { fiveSimError } from './fs-errors';
import { SLUG } from './fs-guest';
import {
  deleteMaxPrice,
  heldBefore,
  listMaxPrices,
  listPayments,
  maxPriceOf,
  setMaxPrice,
} from './fs-max-prices.repository';
import { HOSTING_HOURS, orderJson } from './fs-order';

type Query = Record<string, string>;

async function country(deps: CompatDeps, slug: string): Promise<CompatCountry> {
  if (slug === 'any') throw fiveSimError(400, 'select country');
  if (!SLUG.test(slug)) throw fiveSimError(400, 'bad country');
  const found = await countryByFivesimSlug(deps.db, slug.toLowerCase());
  if (!found?.enabled) throw fiveSimError(400, 'bad country');
  return found;
}

async function product(deps: CompatDeps, name: string): Promise<CompatService> {
  if (!SLUG.test(name)) throw fiveSimError(400, 'no product');
  const found = await serviceByFivesimProduct(deps.db, name.toLowerCase());
  if (!found?.enabled || found.code === 'full') throw fiveSimError(400, 'no product');
  return found;
}

async function operators(deps: CompatDeps, c: CompatCountry, slug: string) {
  if (slug === 'any') return [];
  const found = (await operatorsOf(deps.db, c.code.trim())).filter(
    (o) => (o.fivesim_slug ?? o.code) === slug.toLowerCase(),
  );
  if (found.length === 0) throw fiveSimError(400, 'bad operator');
  return found;
}

/** The lower of `maxPrice` and the user's own ceiling for the product. */
async function ceiling(deps: CompatDeps, userId: number, productName: string, query: Query) {
  const asked = priceParam(query.maxPrice);
  if (asked === 'invalid') throw fiveSimError(400, 'bad maxPrice');
  const own = await maxPriceOf(deps.db, userId, productName);
  if (asked === null) return own;
  if (own === null) return asked;
  return toMicros(asked) < toMicros(own) ? asked : own;
}

const orderId = (raw: string) => {
  const id = positiveInt(raw);
  if (id === null) throw new CompatRefusal('NO_ACTIVATION');
  return id;
};

const pageOf = (query: Query, fallback: number) => ({
  limit: Math.min(100, positiveInt(query.limit) ?? fallback),
  offset: /^\d{1,9}$/.test(query.offset ?? '') ? Number(query.offset) : 0,
});

export const user = {
  async profile(deps: CompatDeps, u: KeyUser) {
    const balance = await deps.keys.balance(u.id);
    return {
      id: u.id,
      email: u.email,
      vendor: u.username,
      default_forwarding_number: '',
      balance: moneyNumber(balance),
      rating: 96,
      default_country: { name: '', iso: '', prefix: '' },
      default_operator: { name: '' },
      frozen_balance: 0,
    };
  },

  /** maxPrice, and the user's ceiling for the product, honoured; reuse, voice, forwarding, ref ignored. */
  async buyActivation(
    deps: CompatDeps,
    u: KeyUser,
    p: { country: string; operator: string; product: string },
    query: Query,
  ) {
    const c = await country(deps, p.country);
    const ops = await operators(deps, c, p.operator);
    const s = await product(deps, p.product);
    const validity = (await enabledValidities(deps.db)).find((v) => v.kind === 'activation');
    if (!validity) throw fiveSimError(400, 'no free phones');
    const view = await deps.orders.buy({
      user: u,
      service: s,
      country: c,
      operators: ops,
      validity,
      maxPrice: await ceiling(deps, u.id, s.fivesim_product ?? s.code, query),
      excludePrefixes: [],
      idempotencyKey: null,
    });
    return orderJson(view);
  },

  /** Hosting: the whole number (`full`) for 3hours, 1day, 10days or 1month (the shortest rental on sale covering it). */
  async buyHosting(deps: CompatDeps, u: KeyUser, p: { country: string; operator: string; product: string }) {
    const hours = HOSTING_HOURS[p.product];
    if (!hours) throw fiveSimError(400, 'no product');
    const c = await country(deps, p.country);
    const ops = await operators(deps, c, p.operator);
    const full = await wholeNumberService(deps.db);
    const validity = (await enabledValidities(deps.db)).find(
      (v) => v.kind === 'rental' && v.minutes >= hours * 60,
    );
    if (!full?.enabled || !validity) throw fiveSimError(400, 'no product');
    const view = await deps.orders.buy({
      user: u,
      service: full,
      country: c,
      operators: ops,
      validity,
      maxPrice: null,
      excludePrefixes: [],
      idempotencyKey: null,
    });
    return orderJson(view);
  },

  /** The same number again for the same product, if this user had it before and it is free for it now. */
  async reuse(deps: CompatDeps, u: KeyUser, productName: string, number: string) {
    if (!/^\d{4,15}$/.test(number)) throw fiveSimError(400, 'reuse not possible');
    const s = await product(deps, productName);
    if (!(await heldBefore(deps.db, u.id, s.id, `+${number}`))) throw fiveSimError(400, 'reuse not possible');
    const view = await deps.orders.reuse(u, s, `+${number}`).catch((error: unknown) => {
      if (error instanceof CompatRefusal && error.word === 'NO_NUMBERS')
        throw fiveSimError(400, 'reuse false');
      throw error;
    });
    return orderJson(view);
  },

  async check(deps: CompatDeps, u: KeyUser, id: string) {
    const view = await deps.activations.ownedBy(u.id, orderId(id));
    if (!view) throw new CompatRefusal('NO_ACTIVATION');
    return orderJson(view);
  },

  async finish(deps: CompatDeps, u: KeyUser, id: string) {
    const rentalId = orderId(id);
    await deps.orders.own(u.id, rentalId);
    await deps.orders.finish(u.id, rentalId);
    return orderJson(await deps.orders.own(u.id, rentalId));
  },

  async cancel(deps: CompatDeps, u: KeyUser, id: string) {
    const rentalId = orderId(id);
    await deps.orders.own(u.id, rentalId);
    await deps.orders.cancel(u.id, rentalId);
    return orderJson(await deps.orders.own(u.id, rentalId));
  },

  async ban(deps: CompatDeps, u: KeyUser, id: string) {
    const rentalId = orderId(id);
    await deps.orders.own(u.id, rentalId);
    await deps.orders.ban(u.id, rentalId);
    return orderJson(await deps.orders.own(u.id, rentalId));
  },

  async inbox(deps: CompatDeps, u: KeyUser, id: string) {
    const view = await deps.orders.own(u.id, orderId(id));
    const sms = view.status === 'inactive' || view.status === 'suspended' ? [] : [...view.sms].reverse();
    return {
      Data: sms.map((m) => ({
        ID: m.id,
        created_at: m.received_at,
        date: m.received_at,
        sender: m.sender,
        text: m.text,
        code: m.code ?? '',
        is_wave: false,
        wave_uuid: '',
      })),
      Total: sms.length,
    };
  },

  /** category activation|hosting, limit, offset, order (id), reverse. */
  async orders(deps: CompatDeps, u: KeyUser, query: Query) {
    const category = query.category ?? 'activation';
    if (category !== 'activation' && category !== 'hosting') throw fiveSimError(400, 'bad category');
    const page = pageOf(query, 15);
    const { list, total } = await listActivations(deps.db, u.id, {
      kind: category === 'hosting' ? 'rental' : 'activation',
      limit: page.limit,
      offset: page.offset,
      ascending: query.reverse === 'false',
    });
    return { Data: list.map(orderJson), ProductNames: [], Statuses: [], Total: total };
  },

  async payments(deps: CompatDeps, u: KeyUser, query: Query) {
    const page = pageOf(query, 15);
    const [rows, count] = await listPayments(deps.db, u.id, {
      ...page,
      ascending: query.reverse === 'false',
    });
    const typeName = (t: string) => (t === 'recharge' ? 'charge' : t === 'consume' ? 'buy' : t);
    return {
      Data: rows.map((r) => ({
        ID: r.id,
        TypeName: typeName(r.type),
        ProviderName: r.type === 'recharge' ? 'usdt' : 'admin',
        Amount: moneyNumber(r.amount),
        Balance: moneyNumber(r.balance_after),
        CreatedAt: new Date(r.created_at).toISOString(),
      })),
      PaymentTypes: [...new Set(rows.map((r) => typeName(r.type)))].map((Name) => ({ Name })),
      PaymentProviders: [...new Set(rows.map((r) => (r.type === 'recharge' ? 'usdt' : 'admin')))].map(
        (Name) => ({ Name }),
      ),
      Total: count[0]?.n ?? 0,
    };
  },

  async maxPrices(deps: CompatDeps, u: KeyUser) {
    return (await listMaxPrices(deps.db, u.id)).map((m, i) => ({
      id: i + 1,
      product: m.product,
      price: moneyNumber(m.price),
      CreatedAt: new Date(m.created_at).toISOString(),
    }));
  },

  /** POST `{"product_name":"telegram","price":30}`. */
  async setMaxPrice(deps: CompatDeps, u: KeyUser, body: Record<string, unknown>) {
    const name = typeof body.product_name === 'string' ? body.product_name.toLowerCase() : '';
    const price = priceParam(
      body.price === undefined || body.price === null ? undefined : String(body.price),
    );
    if (!name || name.length > 50) throw fiveSimError(400, 'no product');
    if (price === null || price === 'invalid') throw fiveSimError(400, 'bad price');
    await product(deps, name);
    await setMaxPrice(deps.db, u.id, name, price);
    return null;
  },

  /** DELETE `{"product_name":"telegram"}`. */
  async deleteMaxPrice(deps: CompatDeps, u: KeyUser, body: Record<string, unknown>) {
    const name = typeof body.product_name === 'string' ? body.product_name.toLowerCase() : '';
    if (!name) throw fiveSimError(400, 'no product');
    await deleteMaxPrice(deps.db, u.id, name);
    return null;
  },
};
