import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { type Account, E2E_ADMIN } from './accounts';
import { callApi, registerCustomer } from './api';
import { baseUrl } from './browser';

/** A fresh administrator session, through the login API (the captcha is off on the e2e server). */
export async function adminToken(): Promise<string> {
  const { status, body } = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: E2E_ADMIN.adminUsername, password: E2E_ADMIN.adminPassword, captchaCode: 'off' },
  });
  if (status !== 200) throw new Error(`admin login failed: ${status} ${body.message}`);
  return body.data.token;
}

export async function userIdOf(token: string, username: string): Promise<number> {
  const { body } = await callApi<{ list: { userId: number; username: string }[] }>(
    baseUrl(),
    `/api/admin/users?keyword=${encodeURIComponent(username)}`,
    { token },
  );
  const user = body.data.list.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user.userId;
}

/** Credits a balance the way an administrator does (a reward, through the ledger). */
export async function fundUser(token: string, userId: number, amount: string) {
  const { status, body } = await callApi(baseUrl(), `/api/admin/users/${userId}/balance`, {
    method: 'POST',
    token,
    body: { type: 'reward', amount, note: 'e2e funding', requestId: randomUUID() },
  });
  if (status !== 200) throw new Error(`funding failed: ${status} ${body.message}`);
}

type PhoneImport = { id: number; state: string; addedCount: number | null };

async function waitForImport(token: string, id: number, until: string): Promise<PhoneImport> {
  for (let i = 0; i < 200; i += 1) {
    const { body } = await callApi<PhoneImport>(baseUrl(), `/api/admin/phone-imports/${id}`, { token });
    if (body.data.state === until) return body.data;
    if (body.data.state === 'failed') throw new Error(`phone import ${id} failed`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`phone import ${id} never became ${until}`);
}

/**
 * Puts `count` new UK mobile numbers into the stock through the batch-add API (upload, preview,
 * commit) and returns the id of Telegram, which the seed prices for every validity.
 */
export async function rentableNumbers(token: string, country: 'GB', count: number): Promise<number> {
  const lines = Array.from(
    { length: count },
    () => `+447400${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
  );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'e2e-numbers.txt');
  const upload = await fetch(`${baseUrl()}/api/admin/phone-imports?countryCode=${country}&source=e2e`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const created = ((await upload.json()) as { data: PhoneImport }).data;
  await waitForImport(token, created.id, 'ready');
  await callApi(baseUrl(), `/api/admin/phone-imports/${created.id}/commit`, { method: 'POST', token });
  await waitForImport(token, created.id, 'completed');
  const apps = await callApi<{ id: number; code: string }[]>(baseUrl(), '/api/catalog/applications', {
    token,
  });
  const telegram = apps.body.data.find((a) => a.code === 'tg');
  if (!telegram) throw new Error('Telegram is not in the catalog');
  return telegram.id;
}

/**
 * A registered customer with 20 USDT who bought one day rental of the app's GB numbers (the journeys that
 * need a number of their own): their session token and the rental.
 */
export async function customerWithDayRental(
  admin: string,
  account: Account,
  appId: number,
): Promise<{ token: string; rental: { id: number; token: string; phoneNumber: string } }> {
  await registerCustomer(baseUrl(), account);
  await fundUser(admin, await userIdOf(admin, account.username), '20');
  const login = await callApi<{ token: string }>(baseUrl(), '/auth/login', {
    method: 'POST',
    body: { username: account.username, password: account.password, captchaCode: 'off' },
  });
  const token = login.body.data.token;
  const options = await callApi<{ id: number; kind: string; minutes: number }[]>(
    baseUrl(),
    '/api/catalog/validity-options',
    { token },
  );
  const day = options.body.data.find((o) => o.kind === 'rental' && o.minutes === 1440)!;
  const rentalId = (await buyGbNumber(token, appId, day.id)).phones[0]!.rentalId;
  const rental = await callApi<{ id: number; token: string; phoneNumber: string }>(
    baseUrl(),
    `/api/rentals/${rentalId}`,
    {
      token,
    },
  );
  return { token, rental: rental.body.data };
}

/** One new GB number of `appId`, bought through the store for `validityOptionId`; throws when refused. */
export async function buyGbNumber(token: string, appId: number, validityOptionId: number) {
  const bought = await callApi<{ id: number; phones: { rentalId: number; phoneNumber: string }[] }>(
    baseUrl(),
    '/api/store/orders',
    {
      method: 'POST',
      token,
      body: {
        applicationId: appId,
        countryCode: 'GB',
        cardType: 'new',
        validityOptionId,
        quantity: 1,
        idempotencyKey: randomUUID(),
      },
    },
  );
  if (bought.status !== 200) throw new Error(`purchase failed: ${bought.status} ${bought.body.message}`);
  return bought.body.data;
}

export type GenericGateway = { id: number; secret: string };

/** A generic (signed JSON) inbound gateway, made by the administrator. */
export async function createGenericGateway(admin: string, name: string): Promise<GenericGateway> {
  const created = await callApi<GenericGateway>(baseUrl(), '/api/admin/gateways', {
    method: 'POST',
    token: admin,
    body: { kind: 'generic', name },
  });
  if (created.status !== 200)
    throw new Error(`gateway not created: ${created.status} ${created.body.message}`);
  return created.body.data;
}

/** Posts an SMS to the generic gateway exactly as a SIM-bank script would (signed body + timestamp). */
export async function postSms(gateway: GenericGateway, to: string, text: string) {
  const body = JSON.stringify({ id: randomUUID(), to, from: 'Telegram', text });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${baseUrl()}/api/inbound/${gateway.id}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': createHmac('sha256', gateway.secret)
        .update(body + timestamp)
        .digest('hex'),
    },
    body,
  });
  if (response.status !== 200) throw new Error(`SMS not taken: ${response.status} ${await response.text()}`);
}
