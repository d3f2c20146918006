/**
 * Published Python clients, from a checkout of their public source (PyPI is out of reach here, and
 * their code is not ours to commit): `scripts/compat-clients.sh <smsactivate checkout> <5sim-python
 * checkout>` runs this file with the two paths set; without them it is skipped. Each call is the
 * client's own method in a fresh `python3`, with only the client's base URL changed (a private,
 * name-mangled attribute).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { backdate, balanceOf } from '../store/store-helpers';
import { apiUser, compatWorld, smsArrives } from './compat-helpers';

const SMSACTIVATE = process.env.JIEMA_PY_SMSACTIVATE;
const FIVESIM = process.env.JIEMA_PY_FIVESIM;
/** The interpreter itself (the script resolves it past a version manager's shim: a shim costs seconds a call). */
const PYTHON = process.env.JIEMA_PYTHON ?? 'python3';
const run = promisify(execFile);
/** A call is a fresh interpreter importing requests: seconds each on a busy machine. */
const CLIENT_TEST_MS = 300_000;

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
let base: string;

/** `expression` evaluated with `c`, the client made for `key`, printed as JSON. */
async function py(setup: string, key: string, expression: string): Promise<unknown> {
  const code = `import json, sys\n${setup}\nresult = ${expression}\nprint(json.dumps(result))`;
  const { stdout } = await run(PYTHON, ['-c', code], {
    env: { ...process.env, JIEMA_BASE: base, JIEMA_KEY: key },
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const smsActivateSetup = (dir: string) => `sys.path.insert(0, ${JSON.stringify(dir)})
import os
from smsactivate.api import SMSActivateAPI
c = SMSActivateAPI(os.environ['JIEMA_KEY'])
c._SMSActivateAPI__api_url = os.environ['JIEMA_BASE'] + '/stubs/handler_api.php'`;

const fiveSimSetup = (dir: string) => `sys.path.insert(0, ${JSON.stringify(dir)})
import os
from fivesim.client import FiveSim
from fivesim.errors import *
c = FiveSim(os.environ['JIEMA_KEY'])
c._FiveSim__auth_url = os.environ['JIEMA_BASE'] + '/v1/user/'
c._FiveSim__guest_url = os.environ['JIEMA_BASE'] + '/v1/guest/'
def error_of(call):
    try:
        call()
        return None
    except Exception as e:
        return [type(e).__name__, str(e)]`;

beforeAll(async () => {
  if (!SMSACTIVATE && !FIVESIM) return;
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 8);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
}, 60_000);
afterAll(() => t?.close());

const US = 187;

describe.skipIf(!SMSACTIVATE)('Python "smsactivate" (the official module\'s source)', () => {
  const call = (key: string, expression: string) => py(smsActivateSetup(SMSACTIVATE!), key, expression);

  test(
    'a whole activation, the catalogue, and the error cases',
    async () => {
      const u = await apiUser(t.db, '10');
      const key = u.apiKey;
      expect(await call(key, 'c.getBalance()')).toEqual({ balance: '10.00' });
      const status = (await call(key, `c.getNumbersStatus(country=${US})`)) as Record<string, number>;
      expect(status[`${world.appCode}_0`]).toBe(8);
      expect(((await call(key, 'c.getCountries()')) as Record<string, unknown>)['12']).toMatchObject({
        id: 12,
      });
      const bought = (await call(key, `c.getNumber(service='${world.appCode}', country=${US})`)) as {
        activation_id: number;
        phone: number;
      };
      expect(world.numbers).toContain(`+${bought.phone}`);
      const id = bought.activation_id;
      expect(await call(key, `c.getStatus(id=${id})`)).toBe('STATUS_WAIT_CODE');
      expect(await call(key, `c.setStatus(id=${id}, status=1)`)).toBe('ACCESS_READY');
      await smsArrives(t, id, 'Your code 141421', '141421');
      expect(await call(key, `c.getStatus(id=${id})`)).toBe('STATUS_OK:141421');
      expect(await call(key, `c.getFullSms(id=${id})`)).toBe('FULL_SMS:Your code 141421');
      expect(await call(key, `c.setStatus(id=${id}, status=6)`)).toBe('ACCESS_ACTIVATION');
      expect(await call(key, `c.getStatus(id=${id})`)).toBe('STATUS_OK:141421');
      expect(await balanceOf(t.db, u.userId)).toBe('9.876544');

      const error = (word: string) => ({ error: word, message: expect.any(String) });
      expect(await call('wrong', 'c.getBalance()')).toEqual(error('BAD_KEY'));
      expect(await call(key, `c.getNumber(service='${world.appCode}', country=0)`)).toEqual(
        error('NO_NUMBERS'),
      );
      expect(await call(key, `c.getNumber(service='nope1', country=${US})`)).toEqual(error('BAD_SERVICE'));
      expect(await call(key, 'c.getStatus(id=999999999)')).toEqual(error('NO_ACTIVATION'));
      expect(await call(key, `c.getMultiServiceNumber(service='tg,wa', country=${US})`)).toEqual(
        error('NO_NUMBERS'),
      );
      expect(await call(key, `c.getAdditionalService(service='tg', id=${id})`)).toEqual(
        error('WRONG_ADDITIONAL_SERVICE'),
      );
      const second = (await call(key, `c.getNumber(service='${world.appCode}', country=${US})`)) as {
        activation_id: number;
      };
      await backdate(t.db, [second.activation_id], { boughtMinutesAgo: 3 });
      expect(await call(key, `c.setStatus(id=${second.activation_id}, status=8)`)).toBe('ACCESS_CANCEL');
      // This client counts STATUS_CANCEL among its errors: why a finished activation must not answer it.
      expect(await call(key, `c.getStatus(id=${second.activation_id})`)).toEqual(error('STATUS_CANCEL'));
    },
    CLIENT_TEST_MS,
  );
});

describe.skipIf(!FIVESIM)('Python "5sim-python" (requests)', () => {
  const call = (key: string, expression: string) => py(fiveSimSetup(FIVESIM!), key, expression);

  test(
    'a whole activation, and the error cases as its own exceptions',
    async () => {
      const u = await apiUser(t.db, '10');
      const key = u.apiKey;
      expect(await call(key, 'c.get_balance()')).toMatchObject({ balance: 10 });
      expect(
        ((await call(key, "c.product_requests('usa', 'any')")) as Record<string, unknown>)[world.product],
      ).toEqual({ Category: 'activation', Qty: expect.any(Number), Price: 0.123456 });
      const order = (await call(key, `c.buy_number('usa', 'any', '${world.product}')`)) as { id: number };
      expect(order).toMatchObject({ status: 'RECEIVED', country: 'usa' });
      await smsArrives(t, order.id, 'Your code 173205', '173205');
      expect(await call(key, `c.check_order('${order.id}')`)).toMatchObject({
        sms: [expect.objectContaining({ code: '173205' })],
      });
      expect(await call(key, `c.sms_inbox_list('${order.id}')`)).toMatchObject({ Total: 1 });
      expect(await call(key, `c.finish_order('${order.id}')`)).toMatchObject({ status: 'FINISHED' });

      expect(await call('wrong', 'error_of(lambda: c.get_balance())')).toEqual(['ApiKeyInvalidError', '']);
      expect(await call(key, `error_of(lambda: c.buy_number('russia', 'any', '${world.product}'))`)).toEqual([
        'BadRequests',
        'no free phones',
      ]);
      const poor = await apiUser(t.db, '0');
      expect(
        await call(poor.apiKey, `error_of(lambda: c.buy_number('usa', 'any', '${world.product}'))`),
      ).toEqual(['BadRequests', 'not enough user balance']);
      const second = (await call(key, `c.buy_number('usa', 'any', '${world.product}')`)) as { id: number };
      expect(await call(key, `error_of(lambda: c.cancel_order('${second.id}'))`)).toEqual([
        'BadRequests',
        'you need to wait time',
      ]);
      await backdate(t.db, [second.id], { boughtMinutesAgo: 3 });
      expect(await call(key, `c.cancel_order('${second.id}')`)).toMatchObject({ status: 'CANCELED' });
    },
    CLIENT_TEST_MS,
  );
});
