import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers';
import { backdate } from '../../store/store-helpers';
import { apiUser, compatWorld, smsArrives, stringify } from '../compat-helpers';
import { expectRecorded } from './conform';
import { smsActivate as recorded } from './recorded-answers';

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
beforeAll(async () => {
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 6);
}, 60_000);
afterAll(() => t.close());

const US = '187';
const call = (params: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: '/stubs/handler_api.php', query: stringify(params) });

async function bought(apiKey: string) {
  const res = await call({ api_key: apiKey, action: 'getNumber', service: world.appCode, country: US });
  expectRecorded(res, recorded.getNumber, { fields: [1, 2] });
  return Number(res.body.split(':')[1]);
}

describe('sms-activate contract: each action against the recorded real answer', () => {
  test('balance, buying, the status words and setStatus', async () => {
    const u = await apiUser(t.db, '10.5');
    expectRecorded(await call({ api_key: u.apiKey, action: 'getBalance' }), recorded.getBalance);
    const id = await bought(u.apiKey);
    const v2 = await call({ api_key: u.apiKey, action: 'getNumberV2', service: world.appCode, country: US });
    expectRecorded(v2, recorded.getNumberV2, {
      vary: [
        'activationId',
        'phoneNumber',
        'activationCost',
        'countryCode',
        '#activationTime',
        '#activationEndTime',
        'activationOperator',
      ],
    });
    const one = (extra: Record<string, string | number>) => call({ api_key: u.apiKey, id, ...extra });
    expectRecorded(await one({ action: 'getStatus' }), recorded.getStatusWait);
    expectRecorded(await one({ action: 'setStatus', status: 1 }), recorded.setStatusReady);
    await smsArrives(t, id, 'Your code 12345', '12345');
    expectRecorded(await one({ action: 'getStatus' }), recorded.getStatusOk);
    expectRecorded(await one({ action: 'getStatusV2' }), recorded.getStatusV2, {
      // An SMS activation: type 0 and no call (the recorded one is a voice call).
      vary: ['verificationType', '!call', '#sms.dateTime', 'sms.code', 'sms.text'],
    });
    expectRecorded(await one({ action: 'setStatus', status: 3 }), recorded.setStatusRetry);
    expectRecorded(await one({ action: 'getStatus' }), recorded.getStatusWaitRetry);
    expectRecorded(await one({ action: 'setStatus', status: 6 }), recorded.setStatusFinish);
    const v2id = Number(JSON.parse(v2.body).activationId);
    await backdate(t.db, [v2id], { boughtMinutesAgo: 3 });
    expectRecorded(
      await call({ api_key: u.apiKey, id: v2id, action: 'setStatus', status: 8 }),
      recorded.setStatusCancel,
    );
    expectRecorded(
      await call({ api_key: u.apiKey, id: v2id, action: 'getStatus' }),
      recorded.getStatusCancel,
    );
  });

  test('lists of activations: getActiveActivations, getHistory', async () => {
    const u = await apiUser(t.db);
    const id = await bought(u.apiKey);
    await smsArrives(t, id, 'Your CODE 24680', '24680');
    expectRecorded(
      await call({ api_key: u.apiKey, action: 'getActiveActivations' }),
      recorded.getActiveActivations,
      {
        vary: [
          'activeActivations.0.activationId',
          'activeActivations.0.serviceCode',
          'activeActivations.0.phoneNumber',
          'activeActivations.0.activationCost',
          'activeActivations.0.smsCode',
          'activeActivations.0.smsText',
          '#activeActivations.0.activationTime',
          'activeActivations.0.countryCode',
          'activeActivations.0.countryName',
        ],
      },
    );
    expectRecorded(await call({ api_key: u.apiKey, action: 'getHistory' }), recorded.getHistory, {
      vary: ['0.id', '#0.date', '0.phone', '0.sms', '0.cost'],
    });
  });

  test('catalogue: getNumbersStatus, getPrices, getTopCountriesByService, getCountries, getServicesList, getOperators', async () => {
    const u = await apiUser(t.db);
    const app = world.appCode;
    expectRecorded(
      await call({ api_key: u.apiKey, action: 'getNumbersStatus', country: US }),
      recorded.getNumbersStatus,
      {
        // The recorded `av_1` is a forwarding count: none here, so only `_0` keys.
        rekey: { vk_0: `${app}_0`, av_1: 'tg_0' },
        vary: [`${app}_0`, 'tg_0'],
        entries: true,
      },
    );
    expectRecorded(
      await call({ api_key: u.apiKey, action: 'getPrices', country: US, service: app }),
      recorded.getPrices,
      {
        rekey: { '2': US, [`${US}.vk`]: app },
        vary: [`!${US}.${app}.cost`, `!${US}.${app}.count`, `!${US}.${app}.physicalCount`],
      },
    );
    expectRecorded(
      await call({ api_key: u.apiKey, action: 'getTopCountriesByService', service: app }),
      recorded.getTopCountriesByService,
      { vary: ['0.country', '0.count', '0.price', '0.retail_price', '0.freePriceMap'] },
    );
    expectRecorded(await call({ api_key: u.apiKey, action: 'getCountries' }), recorded.getCountries, {
      vary: ['2.multiService'],
      entries: true,
    });
    const services = await call({ api_key: u.apiKey, action: 'getServicesList' });
    expectRecorded(services, recorded.getServicesList, {
      vary: ['services'],
    });
    expectRecorded(
      await call({ api_key: u.apiKey, action: 'getOperators', country: 1 }),
      recorded.getOperators,
      {
        vary: ['countryOperators.1'],
      },
    );
  });

  test('rent: getRentServicesAndCountries, getRentNumber, getRentStatus, getRentList, setRentStatus', async () => {
    const u = await apiUser(t.db);
    const services = await call({
      api_key: u.apiKey,
      action: 'getRentServicesAndCountries',
      country: US,
      rent_time: 4,
    });
    expectRecorded(services, recorded.getRentServicesAndCountries, {
      vary: ['countries.0', 'operators', 'services'],
    });
    // Each service as the recorded ones: `{"cost":<number>,"quant":<number>}`.
    const shape = (entry: unknown) => JSON.stringify(entry).replace(/-?\d+(\.\d+)?/g, '0');
    for (const entry of Object.values(JSON.parse(services.body).services as Record<string, unknown>)) {
      expect(shape(entry)).toBe(shape(JSON.parse(recorded.getRentServicesAndCountries.body).services.vk));
    }
    const rent = await call({
      api_key: u.apiKey,
      action: 'getRentNumber',
      service: world.appCode,
      country: US,
      rent_time: 4,
    });
    expectRecorded(rent, recorded.getRentNumber, { vary: ['phone.id', '#phone.endDate', 'phone.number'] });
    const id = JSON.parse(rent.body).phone.id as number;
    await smsArrives(t, id, 'Your code 5', null);
    expectRecorded(await call({ api_key: u.apiKey, action: 'getRentStatus', id }), recorded.getRentStatus, {
      vary: ['quantity', 'values.0.phoneFrom', 'values.0.text', 'values.0.service', '#values.0.date'],
    });
    expectRecorded(await call({ api_key: u.apiKey, action: 'getRentList' }), recorded.getRentList, {
      vary: ['values.0.id', 'values.0.phone'],
    });
    expectRecorded(
      await call({ api_key: u.apiKey, action: 'setRentStatus', id, status: 1 }),
      recorded.setRentStatus,
    );
  });

  test('errors: each documented word alone, HTTP 200', async () => {
    const u = await apiUser(t.db);
    const poor = await apiUser(t.db, '0');
    const key = u.apiKey;
    expectRecorded(await call({ api_key: 'nope', action: 'getBalance' }), recorded.BAD_KEY);
    expectRecorded(await call({ api_key: key, action: 'launchRocket' }), recorded.BAD_ACTION);
    expectRecorded(
      await call({ api_key: key, action: 'getNumber', service: 'nope1', country: US }),
      recorded.BAD_SERVICE,
    );
    expectRecorded(
      await call({ api_key: key, action: 'getNumber', service: world.appCode, country: 0 }),
      recorded.NO_NUMBERS,
    );
    expectRecorded(
      await call({ api_key: poor.apiKey, action: 'getNumber', service: world.appCode, country: US }),
      recorded.NO_BALANCE,
    );
    expectRecorded(
      await call({ api_key: key, action: 'getNumber', service: world.appCode, country: US, maxPrice: '0.1' }),
      recorded.WRONG_MAX_PRICE,
      { fields: [1] },
    );
    expectRecorded(
      await call({
        api_key: key,
        action: 'getNumber',
        service: world.appCode,
        country: US,
        phoneException: 'x',
      }),
      recorded.WRONG_EXCEPTION_PHONE,
    );
    const id = await bought(key);
    expectRecorded(
      await call({ api_key: key, action: 'setStatus', id, status: 8 }),
      recorded.EARLY_CANCEL_DENIED,
    );
    expectRecorded(await call({ api_key: key, action: 'setStatus', id, status: 6 }), recorded.BAD_STATUS);
    expectRecorded(
      await call({ api_key: key, action: 'setStatus', id: 'abc', status: 6 }),
      recorded.WRONG_ACTIVATION_ID,
    );
    expectRecorded(await call({ api_key: key, action: 'getStatus', id: 'abc' }), recorded.NO_ACTIVATION);
    expectRecorded(await call({ api_key: poor.apiKey, action: 'getStatus', id }), recorded.NO_ACTIVATION);
    expectRecorded(
      await call({ api_key: key, action: 'getRentNumber', service: world.appCode, country: 0, rent_time: 4 }),
      recorded.rentNoNumbers,
    );
  });
});
