import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, register, solveCaptcha, type TestApp, uniqueName } from '../helpers';

/**
 * Issue 7 item 3: a wrong password for an existing account and any password for an account that
 * does not exist must cost the same, or the time of the answer tells which accounts exist. Run at a
 * cost above the tests' usual 10 (real hashes made by registering), where a cheaper dummy hash
 * shows; the medians of interleaved logins are compared as a ratio, never as absolute times.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PASSWORD_HASH_COST: '13' });
});
afterAll(() => t?.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

test('logging in to an unknown account takes as long as a wrong password for a real one (medians within 2x)', async () => {
  const user = await register(t);
  const timed = async (account: string) => {
    const captcha = await solveCaptcha(t);
    const started = process.hrtime.bigint();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: account, password: 'not-the-password', ...captcha },
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('INVALID_CREDENTIALS');
    return ms;
  };
  // One untimed round first: the dummy hash is made on the first unknown login.
  await timed(uniqueName());
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 7; i++) {
    known.push(await timed(i % 2 ? user.email : user.username));
    unknown.push(await timed(i % 2 ? `${uniqueName()}@example.com` : uniqueName()));
  }
  const ratio = median(unknown) / median(known);
  console.info(
    `login timing: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
  );
  expect(ratio).toBeGreaterThan(0.5);
  expect(ratio).toBeLessThan(2);
});
