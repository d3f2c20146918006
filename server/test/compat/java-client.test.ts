/**
 * The official sms-activate Java library ("SMSActivateApi", github.com/sms-activate/SMSActivateApi),
 * from a checkout of its public source (Maven Central is out of reach here, and its code is not ours
 * to commit): `scripts/compat-clients.sh … --java-smsactivate <checkout>` runs this file with the path
 * set; without it the file is skipped. The test copies the library's sources, changes only its base
 * URL (the "https://sms-activate.ru" of its URL builder and constants) to this server, compiles them
 * with Debian's gson and JetBrains annotations (`apt-get install libgoogle-gson-java
 * libjetbrains-annotations-java`) and calls the library through `clients/SmsActivateJavaCall.java`,
 * one JVM per call.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { backdate, balanceOf } from '../store/store-helpers';
import { apiUser, compatWorld, smsArrives } from './compat-helpers';

const CHECKOUT = process.env.JIEMA_JAVA_SMSACTIVATE;
const JARS = ['/usr/share/java/gson.jar', '/usr/share/java/org.jetbrains.annotations-java8.jar'];
const DRIVER = new URL('./clients/SmsActivateJavaCall.java', import.meta.url).pathname;
const run = promisify(execFile);
/** Compiling the library and one JVM a call: seconds each on a busy machine. */
const CLIENT_TEST_MS = 300_000;

let t: TestApp;
let world: Awaited<ReturnType<typeof compatWorld>>;
let classes: string;

function javaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return javaFiles(path);
    return name.endsWith('.java') ? [path] : [];
  });
}

/** The library's sources with only the base URL changed, compiled with the call driver. */
async function buildLibrary(base: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'jiema-java-client-'));
  cpSync(join(CHECKOUT!, 'src/main/java'), join(work, 'src'), { recursive: true });
  const sources = javaFiles(join(work, 'src'));
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    if (text.includes('https://sms-activate.ru'))
      writeFileSync(file, text.replaceAll('https://sms-activate.ru', base));
  }
  // The library's own examples call the real service; only the library and our driver are compiled.
  const library = sources.filter((f) => !f.includes(`${join(work, 'src')}/example/`));
  await run('javac', ['-nowarn', '-d', join(work, 'classes'), '-cp', JARS.join(':'), ...library, DRIVER], {
    timeout: 180_000,
  });
  return work;
}

async function java(key: string, ...call: (string | number)[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(
    'java',
    ['-cp', [join(classes, 'classes'), ...JARS].join(':'), 'SmsActivateJavaCall', key, ...call.map(String)],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

beforeAll(async () => {
  if (!CHECKOUT) return;
  t = await createTestApp({ COMPAT_RATE_LIMIT_PER_SECOND: '0' });
  world = await compatWorld(t.db, 8);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  classes = await buildLibrary(`http://127.0.0.1:${address.port}`);
}, CLIENT_TEST_MS);
afterAll(async () => {
  if (classes) rmSync(classes, { recursive: true, force: true });
  await t?.close();
});

const US = 187;

describe.skipIf(!CHECKOUT)('Java "SMSActivateApi" (the official library\'s source)', () => {
  test(
    'a whole activation, the catalogue, and the error cases as its own exceptions',
    async () => {
      const u = await apiUser(t.db, '10');
      const key = u.apiKey;
      expect(await java(key, 'balance')).toEqual({ balance: '10.00' });
      // The library splits each key of getNumbersStatus on "_" ("wa_0"): a bare "wa" crashed it.
      expect(await java(key, 'numbersStatus', US, world.appCode)).toEqual({ count: 8 });
      expect(await java(key, 'country', 12)).toEqual({ id: 12 });

      const bought = (await java(key, 'getNumber', US, world.appCode)) as { id: number; number: string };
      expect(world.numbers).toContain(`+${bought.number}`);
      const id = bought.id;
      expect(await java(key, 'getStatus', id)).toMatchObject({ status: 'WAIT_CODE' });
      expect(await java(key, 'setStatus', id, 'MESSAGE_WAS_SENT')).toEqual({ status: 'READY' });
      expect(await java(key, 'current')).toEqual({ ids: [id] });
      await smsArrives(t, id, 'Your code 161803', '161803');
      expect(await java(key, 'getStatus', id)).toEqual({ status: 'OK', code: '161803' });
      expect(await java(key, 'fullSms', id)).toEqual({ text: 'Your code 161803' });
      expect(await java(key, 'setStatus', id, 'FINISH')).toEqual({ status: 'FINISH' });
      expect(await java(key, 'getStatus', id)).toEqual({ status: 'OK', code: '161803' });
      expect(await balanceOf(t.db, u.userId)).toBe('9.876544');

      expect(await java('wrong', 'balance')).toMatchObject({ error: 'WrongParameter', parameter: 'BAD_KEY' });
      expect(await java(key, 'getNumber', 0, world.appCode)).toMatchObject({
        error: 'SMSActivateBaseException',
        type: 'NO_NUMBERS',
      });
      expect(await java(key, 'getNumber', US, 'nope1')).toMatchObject({
        error: 'WrongParameter',
        parameter: 'BAD_SERVICE',
      });
      // NO_ACTIVATION, as documented; the library documents it too but has no constant for it, so it
      // reports its own "unknown" exception (the answer itself is checked in the contract tests).
      expect(await java(key, 'getStatus', 999999999)).toMatchObject({ error: 'SMSActivateUnknownException' });

      const second = (await java(key, 'getNumber', US, world.appCode)) as { id: number };
      await backdate(t.db, [second.id], { boughtMinutesAgo: 3 });
      expect(await java(key, 'setStatus', second.id, 'CANCEL')).toEqual({ status: 'CANCEL' });
      expect(await java(key, 'getStatus', second.id)).toMatchObject({ status: 'CANCEL' });
    },
    CLIENT_TEST_MS,
  );
});
