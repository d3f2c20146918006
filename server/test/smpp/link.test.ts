import { afterEach, describe, expect, it } from 'vitest';
import type { InboundSms, SmppLinkConfig } from '../../src/modules/smpp/link-types';
import { SmppLink } from '../../src/modules/smpp/smpp-link';
import { FakeSmsc } from './support/fake-smsc';
import { waitFor } from './support/wait';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(config: Partial<SmppLinkConfig> = {}, onMessage?: (sms: InboundSms) => Promise<void>) {
  const smsc = await FakeSmsc.start();
  const received: InboundSms[] = [];
  const link = new SmppLink(
    {
      host: '127.0.0.1',
      port: smsc.port,
      systemId: 'jiema',
      password: 'secret',
      bindMode: 'transceiver',
      reconnectInitialMs: 100,
      reconnectMaxMs: 400,
      ...config,
    },
    { onMessage: onMessage ?? (async (sms) => void received.push(sms)) },
  );
  cleanups.push(() => smsc.close());
  cleanups.push(() => link.stop());
  link.start();
  return { smsc, link, received };
}

describe('SMPP link: bind, keep-alive, reconnect', () => {
  it.each(['receiver', 'transmitter', 'transceiver'] as const)(
    'binds as %s with system_type',
    async (bindMode) => {
      const { smsc, link } = await setup({ bindMode, systemType: 'SIMBANK' });
      await link.waitUntilBound(3000);
      expect(link.state().status).toBe('bound');
      expect(smsc.binds).toEqual([
        {
          command: `bind_${bindMode}`,
          systemId: 'jiema',
          password: 'secret',
          systemType: 'SIMBANK',
          ok: true,
        },
      ]);
    },
  );

  it('a bad password is refused, reported, and retried with growing backoff', async () => {
    const { smsc, link } = await setup({ password: 'wrong' });
    await waitFor('three refused binds', () => smsc.binds.length >= 3, 5000);
    const state = link.state();
    expect(['reconnecting', 'connecting']).toContain(state.status);
    expect(state.lastError).toContain('bind_transceiver refused: 0x0000000e');
    expect(state.counters.reconnects).toBeGreaterThanOrEqual(2);
    expect(smsc.boundSessions).toHaveLength(0);
    await waitFor('a reconnect time', () => link.state().status === 'reconnecting');
    expect(Date.parse(link.state().nextAttemptAt!)).toBeGreaterThan(Date.now() - 50);
  });

  it('sends enquire_link on its interval and answers the SMSC own', async () => {
    const { smsc, link } = await setup({ enquireLinkMs: 100 });
    await link.waitUntilBound(3000);
    await waitFor('three enquire_link', () => smsc.enquireLinksReceived.length >= 3);
    const answer = await smsc.request('enquire_link', {});
    expect(answer.command).toBe('enquire_link_resp');
    expect(answer.command_status).toBe(0);
    expect(link.state().status).toBe('bound');
  });

  it('detects a dead SMSC (enquire_link unanswered) and reconnects', async () => {
    const { smsc, link } = await setup({ enquireLinkMs: 100, responseTimeoutMs: 200 });
    await link.waitUntilBound(3000);
    smsc.answerEnquireLink = false;
    await waitFor('the link declared dead', () => link.state().lastError?.includes('link dead'), 3000);
    expect(link.state().counters.reconnects).toBeGreaterThanOrEqual(1);
    smsc.answerEnquireLink = true;
    await waitFor('bound again', () => link.isBound && smsc.binds.length >= 2, 3000);
  });

  it('after a dropped connection it reconnects and gets the unacknowledged deliver_sm again: nothing lost', async () => {
    let calls = 0;
    let releaseFirst: (() => void) | undefined;
    const stored = new Map<string, InboundSms>();
    const { smsc, link } = await setup({}, async (sms) => {
      calls += 1;
      if (calls === 1) {
        // The first hand-off hangs; the connection drops before the SMSC gets its answer.
        await new Promise<void>((resolve) => {
          releaseFirst = resolve;
        });
        throw new Error('database went away');
      }
      stored.set(sms.externalId, sms);
    });
    await link.waitUntilBound(3000);
    const delivery = smsc.deliverUntilAcked({ short_message: Buffer.from('Your code is 482913') });
    await waitFor('the first hand-off', () => releaseFirst);
    smsc.dropConnections();
    await waitFor('reconnecting', () => link.state().counters.reconnects >= 1);
    releaseFirst!();
    const attempts = await delivery;
    expect(attempts).toBe(2);
    expect([...stored.values()].map((sms) => sms.text)).toEqual(['Your code is 482913']);
    expect(link.state().status).toBe('bound');
  });

  it('stop unbinds and closes cleanly', async () => {
    const { smsc, link } = await setup();
    await link.waitUntilBound(3000);
    await link.stop();
    expect(link.state().status).toBe('stopped');
    await waitFor('the SMSC side closed', () => smsc.boundSessions.length === 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smsc.binds).toHaveLength(1);
  });
});
