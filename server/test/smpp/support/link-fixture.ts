import { afterEach } from 'vitest';
import type { InboundSms, SmppLinkConfig } from '../../../src/modules/smpp/link-types';
import type { DeliveryReceipt } from '../../../src/modules/smpp/receipt';
import { SmppLink } from '../../../src/modules/smpp/smpp-link';
import { FakeSmsc } from './fake-smsc';

/** A fake SMSC and a bound link to it, both closed after each test. */
export function useLinkFixture() {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async function setup(config: Partial<SmppLinkConfig> = {}) {
    const smsc = await FakeSmsc.start();
    const received: InboundSms[] = [];
    const receipts: DeliveryReceipt[] = [];
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
      {
        onMessage: async (sms) => void received.push(sms),
        onReceipt: async (receipt) => void receipts.push(receipt),
      },
    );
    cleanups.push(() => smsc.close());
    cleanups.push(() => link.stop());
    link.start();
    await link.waitUntilBound(3000);
    return { smsc, link, received, receipts };
  };
}
