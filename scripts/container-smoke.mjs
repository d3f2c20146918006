#!/usr/bin/env node
// What scripts/test-container.sh checks in the running image, over HTTP only: `/healthz`, a login of
// the demo customer (DEMO=on, CAPTCHA=off) and a purchase of a demo WhatsApp activation.
// Usage: node scripts/container-smoke.mjs <base URL> <demo password>
const [base, password] = process.argv.slice(2);
if (!base || !password) {
  console.error('usage: node scripts/container-smoke.mjs <base URL> <demo password>');
  process.exit(2);
}

async function call(method, path, { token, body } = {}) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-locale': 'en-US',
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  const json = JSON.parse(text);
  if (json.code !== undefined && json.code !== 200)
    throw new Error(`${method} ${path}: ${text.slice(0, 300)}`);
  return json.data ?? json;
}

const health = await call('GET', '/healthz');
console.log(`healthz: ${health.status}, database ${health.database}`);
const { token } = await call('POST', '/auth/login', { body: { username: 'demo', password } });
console.log('login: the demo customer has a session');
const apps = await call('GET', '/api/catalog/applications', { token });
const whatsapp = apps.find((a) => a.code === 'wa');
const validities = await call('GET', '/api/catalog/validity-options', { token });
const activation = validities.find((v) => v.kind === 'activation');
if (!whatsapp || !activation) throw new Error('no WhatsApp application or activation in the catalog');
const order = await call('POST', '/api/store/orders', {
  token,
  body: {
    applicationId: whatsapp.id,
    countryCode: 'US',
    cardType: 'new',
    validityOptionId: activation.id,
    quantity: 1,
  },
});
console.log(`purchase: order ${order.orderNo}, ${order.amount} charged`);
