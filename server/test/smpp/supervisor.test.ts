import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConnectorStates } from '../../src/modules/smpp/connector-state.repository';
import type { InboundSms } from '../../src/modules/smpp/link-types';
import { type ConnectorSpec, SmppSupervisor } from '../../src/modules/smpp/supervisor';
import { createTestApp, type TestApp } from '../helpers';
import { FakeSmsc } from './support/fake-smsc';
import { waitFor } from './support/wait';

let t: TestApp;
let smsc: FakeSmsc;
const supervisors: SmppSupervisor[] = [];
beforeEach(async () => {
  t = await createTestApp();
  smsc = await FakeSmsc.start();
});
afterEach(async () => {
  for (const supervisor of supervisors.splice(0)) await supervisor.stop();
  await smsc.close();
  await t.close();
});

/** One "app instance": its own supervisor (and on PostgreSQL its own lock connections) on the shared database. */
function instance(name: string, specs: () => ConnectorSpec[], received: InboundSms[]) {
  const supervisor = new SmppSupervisor({
    db: t.db,
    databaseUrl: t.config.databaseUrl,
    listConnectors: async () => specs(),
    handlersFor: () => ({ onMessage: async (sms) => void received.push(sms) }),
    pollMs: 200,
    holderName: name,
  });
  supervisors.push(supervisor);
  supervisor.start();
  return supervisor;
}

const spec = (enabled = true): ConnectorSpec => ({
  id: 'gw-1',
  enabled,
  config: {
    host: '127.0.0.1',
    port: smsc.port,
    systemId: 'jiema',
    password: 'secret',
    bindMode: 'receiver',
    reconnectInitialMs: 100,
    reconnectMaxMs: 400,
  },
});

describe('SMPP supervisor: one bind per connector across instances', () => {
  it('two instances: exactly one binds; its state is in the database; stopping it hands the bind over', async () => {
    const receivedA: InboundSms[] = [];
    const receivedB: InboundSms[] = [];
    const a = instance('A', () => [spec()], receivedA);
    const b = instance('B', () => [spec()], receivedB);
    await waitFor('one bind', () => smsc.boundSessions.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 600)); // several polls: still only one
    expect(smsc.binds.filter((bind) => bind.ok)).toHaveLength(1);
    const holder = a.linkOf('gw-1') ? a : b;
    const other = holder === a ? b : a;
    expect(other.linkOf('gw-1')).toBeUndefined();
    const state = await waitFor('the state row', async () => {
      const row = (await readConnectorStates(t.db, ['gw-1'])).get('gw-1');
      return row?.status === 'bound' ? row : null;
    });
    expect(state.holder).toBe(holder === a ? 'A' : 'B');

    await smsc.deliver({ short_message: Buffer.from('first code 1111') });
    await holder.stop();
    await waitFor('the other instance bound', () => other.linkOf('gw-1')?.isBound, 5000);
    await smsc.deliver({ short_message: Buffer.from('second code 2222') });
    expect([...receivedA, ...receivedB].map((sms) => sms.text).sort()).toEqual([
      'first code 1111',
      'second code 2222',
    ]);
    const row = await waitFor('the new holder in the state row', async () => {
      const current = (await readConnectorStates(t.db, ['gw-1'])).get('gw-1');
      const newHolder = current?.holder === (holder === a ? 'B' : 'A') && current.status === 'bound';
      // Counters reach the table with the next heartbeat (each poll).
      return newHolder && current.counters.received === 1 ? current : null;
    });
    expect(row.nextAttemptAt).toBeNull();
  });

  it('disabling the connector stops the bind and records it as stopped', async () => {
    let enabled = true;
    const a = instance('A', () => [spec(enabled)], []);
    await waitFor('bound', () => a.linkOf('gw-1')?.isBound);
    enabled = false;
    await a.refresh();
    await waitFor('unbound', () => smsc.boundSessions.length === 0);
    expect((await readConnectorStates(t.db, ['gw-1'])).get('gw-1')).toMatchObject({
      status: 'stopped',
      holder: null,
    });
  });

  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: a holder process killed with SIGKILL is taken over by another instance within seconds',
    async () => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./support/supervisor-process.ts', import.meta.url)),
          t.config.databaseUrl!,
          String(smsc.port),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
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
        const b = instance('B', () => [spec()], []);
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(b.linkOf('gw-1')).toBeUndefined();
        expect(smsc.boundSessions).toHaveLength(1);
        const killedAt = Date.now();
        child.kill('SIGKILL');
        await waitFor('B bound', () => b.linkOf('gw-1')?.isBound, 8000);
        expect(Date.now() - killedAt).toBeLessThan(5000);
        await waitFor('only B bound', () => smsc.boundSessions.length === 1, 3000);
      } finally {
        child.kill('SIGKILL');
      }
    },
    30_000,
  );
});
