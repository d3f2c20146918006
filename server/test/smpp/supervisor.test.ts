import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveStateOf } from '../../src/modules/smpp/smpp.service';
import { createSmppConnectors } from '../../src/modules/smpp/smpp-connectors';
import { findSmppGateway } from '../../src/modules/smpp/smpp-gateways.repository';
import type { SmppSupervisor } from '../../src/modules/smpp/supervisor';
import { createTestApp, type TestApp } from '../helpers';
import { FakeSmsc } from './support/fake-smsc';
import { createSmppGateway } from './support/smpp-gateway';
import { waitFor } from './support/wait';

let t: TestApp;
let smsc: FakeSmsc;
let gatewayId: number;
const supervisors: SmppSupervisor[] = [];
beforeEach(async () => {
  t = await createTestApp();
  smsc = await FakeSmsc.start();
  ({ gatewayId } = await createSmppGateway(t, smsc.port));
});
afterEach(async () => {
  for (const supervisor of supervisors.splice(0)) await supervisor.stop();
  await smsc.close();
  await t.close();
});

/** One "app instance": its own supervisor (and on PostgreSQL its own lock connections) on the shared database. */
function instance(name: string) {
  const supervisor = createSmppConnectors({
    db: t.db,
    databaseUrl: t.config.databaseUrl,
    pollMs: 200,
    holderName: name,
  });
  supervisors.push(supervisor);
  supervisor.start();
  return supervisor;
}

const id = () => String(gatewayId);
const liveState = async () => liveStateOf((await findSmppGateway(t.db, gatewayId))!);

describe('SMPP supervisor: one bind per connector across instances', () => {
  it('two instances: exactly one binds; its state is saved; stopping it hands the bind over', async () => {
    const a = instance('A');
    const b = instance('B');
    await waitFor('one bind', () => smsc.boundSessions.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 600)); // several polls: still only one
    expect(smsc.binds.filter((bind) => bind.ok)).toHaveLength(1);
    const holder = a.linkOf(id()) ? a : b;
    const other = holder === a ? b : a;
    expect(other.linkOf(id())).toBeUndefined();
    const state = await waitFor('the saved state', async () => {
      const current = await liveState();
      return current.status === 'bound' ? current : null;
    });
    expect(state).toMatchObject({ holder: holder === a ? 'A' : 'B', stale: false });

    await smsc.deliver({ short_message: Buffer.from('first code 1111') });
    await holder.stop();
    await waitFor('the other instance bound', () => other.linkOf(id())?.isBound, 5000);
    await smsc.deliver({ short_message: Buffer.from('second code 2222') });
    const texts = await t.db.query<{ text: string }>(
      'select text from sms_messages where gateway_id = $1 order by id',
      [gatewayId],
    );
    expect(texts.map((row) => row.text)).toEqual(['first code 1111', 'second code 2222']);
    await waitFor('the new holder in the saved state', async () => {
      const current = await liveState();
      // Counters reach the saved state with the next heartbeat (each poll).
      return current.holder === (holder === a ? 'B' : 'A') && current.counters.received === 1;
    });
  });

  it('a stopped connector (disabled) unbinds and is saved as stopped', async () => {
    const a = instance('A');
    await waitFor('bound', () => a.linkOf(id())?.isBound);
    await t.db.query('update gateways set enabled = false where id = $1', [gatewayId]);
    await a.refresh();
    await waitFor('unbound', () => smsc.boundSessions.length === 0);
    expect(await liveState()).toMatchObject({ status: 'stopped', holder: null, stale: false });
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: a holder process killed with SIGKILL is taken over by another instance within seconds',
    async () => {
      const script = fileURLToPath(new URL('./support/supervisor-process.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', script, t.config.databaseUrl!, id()], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('child never bound')), 15_000);
          child.stdout!.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('bound')) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        const b = instance('B');
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(b.linkOf(id())).toBeUndefined();
        expect(smsc.boundSessions).toHaveLength(1);
        const killedAt = Date.now();
        child.kill('SIGKILL');
        await waitFor('B bound', () => b.linkOf(id())?.isBound, 8000);
        expect(Date.now() - killedAt).toBeLessThan(5000);
        await waitFor('only B bound', () => smsc.boundSessions.length === 1, 3000);
        await waitFor('B in the saved state', async () => (await liveState()).holder === 'B');
      } finally {
        child.kill('SIGKILL');
      }
    },
    30_000,
  );
});
