import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake misbehaves: each fault a real provider has shown (protocols.md §1b, "Faults"). */
export type FakeMode =
  | 'ok'
  | 'http500'
  | 'html'
  | 'garbage'
  | 'rate_limited'
  | 'bad_key'
  | 'no_balance'
  | 'hang'
  | 'no_free_phones';

type FakeSms = { created_at: string; date: string; sender: string; text: string; code: string };
type FakeOrder = {
  id: number;
  phone: string;
  operator: string;
  product: string;
  price: number;
  status: 'PENDING' | 'RECEIVED' | 'CANCELED' | 'TIMEOUT' | 'FINISHED' | 'BANNED';
  expires: string;
  sms: FakeSms[];
  created_at: string;
  forwarding: boolean;
  forwarding_number: string;
  country: string;
};

/**
 * A 5sim v1 provider in the tests, speaking the documented protocol (protocols.md §1b): bearer token,
 * guest prices per country/product/operator, buy/check/finish/cancel returning the order object,
 * plain-text errors with HTTP 400, 401 for a bad token. The test drives its SMS and its faults.
 */
export async function startFiveSimFake(options: {
  token: string;
  country: string;
  product: string;
  cost: number;
  stock: number;
}) {
  const orders = new Map<number, FakeOrder>();
  const state = {
    balance: 100,
    mode: 'ok' as FakeMode,
    nextId: 70_000_000,
    requests: 0,
    phoneSerial: 0,
    /** Set: a cancel is answered with this text (HTTP 400) and changes nothing, as a provider that says "order expired" early. */
    cancelAnswer: null as string | null,
  };
  const hung: http.ServerResponse[] = [];

  const server = http.createServer((req, res) => {
    state.requests += 1;
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (state.mode) {
      case 'hang':
        hung.push(res);
        return;
      case 'http500':
        return send(502, 'Bad Gateway', 'text/plain');
      case 'html':
        return send(
          200,
          '<!DOCTYPE html><html><body>Cloudflare: checking your browser</body></html>',
          'text/html',
        );
      case 'garbage':
        return send(200, '{"id": tru', 'application/json');
      case 'rate_limited':
        return send(429, 'rate limit', 'text/plain');
      default:
    }
    const guest = url.pathname.startsWith('/v1/guest/');
    if (!guest && (req.headers.authorization !== `Bearer ${options.token}` || state.mode === 'bad_key')) {
      return send(401, '', 'text/plain');
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (url.pathname === '/v1/guest/prices') {
      return send(200, {
        [options.country]: {
          [options.product]: { virtual21: { cost: options.cost, count: options.stock, rate: 90 } },
          unknownproduct: { virtual21: { cost: 1, count: 3, rate: 50 } },
        },
      });
    }
    if (url.pathname === '/v1/user/profile') {
      return send(200, {
        id: 1,
        email: 'reseller@example.com',
        balance: state.balance,
        rating: 96,
        frozen_balance: 0,
      });
    }
    if (parts[1] === 'user' && parts[2] === 'buy' && parts[3] === 'activation') {
      if (state.mode === 'no_balance') return send(400, 'not enough user balance', 'text/plain');
      if (state.mode === 'no_free_phones') return send(400, 'no free phones', 'text/plain');
      const maxPrice = url.searchParams.get('maxPrice');
      if (maxPrice !== null && Number(maxPrice) < options.cost)
        return send(400, 'no free phones', 'text/plain');
      state.balance -= options.cost;
      state.phoneSerial += 1;
      const now = new Date();
      state.nextId += 1;
      const order: FakeOrder = {
        id: state.nextId,
        phone: `+1777${String(process.pid % 1000).padStart(3, '0')}${String(state.phoneSerial).padStart(4, '0')}`,
        operator: 'virtual21',
        product: parts[6]!,
        price: options.cost,
        status: 'PENDING',
        expires: new Date(now.getTime() + 15 * 60_000).toISOString(),
        sms: [],
        created_at: now.toISOString(),
        forwarding: false,
        forwarding_number: '',
        country: parts[4]!,
      };
      orders.set(order.id, order);
      return send(200, order);
    }
    if (parts[1] === 'user' && ['check', 'finish', 'cancel'].includes(parts[2]!)) {
      const order = orders.get(Number(parts[3]));
      if (!order) return send(400, 'order not found', 'text/plain');
      if (parts[2] === 'finish' && (order.status === 'PENDING' || order.status === 'RECEIVED'))
        order.status = 'FINISHED';
      if (parts[2] === 'cancel') {
        if (state.cancelAnswer !== null) return send(400, state.cancelAnswer, 'text/plain');
        if (order.sms.length > 0) return send(400, 'order has sms', 'text/plain');
        if (order.status === 'PENDING' || order.status === 'RECEIVED') {
          order.status = 'CANCELED';
          state.balance += order.price;
        }
      }
      return send(200, order);
    }
    return send(404, 'not found', 'text/plain');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    state,
    orders,
    /** An SMS reaching an order's number at the provider. */
    sms(id: number, text: string, code: string) {
      const order = orders.get(id)!;
      const at = new Date().toISOString();
      order.sms.push({ created_at: at, date: at, sender: 'Telegram', text, code });
      order.status = 'RECEIVED';
    },
    /** The provider finished the order by itself (no SMS): FINISHED, it keeps the price. */
    finishQuietly(id: number) {
      orders.get(id)!.status = 'FINISHED';
    },
    /** The provider's own timer ran out: TIMEOUT, refunded to us. */
    timeout(id: number) {
      const order = orders.get(id)!;
      order.status = 'TIMEOUT';
      state.balance += order.price;
    },
    async close() {
      for (const r of hung) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
