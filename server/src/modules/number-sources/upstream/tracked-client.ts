import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { fiveSimClient } from './five-sim-client';
import { type ProviderClient, ProviderError } from './provider-client';
import { countFault, countSuccess, type ProviderRow } from './providers.repository';
import { smsActivateClient } from './sms-activate-client';

/**
 * The provider's protocol client, each call counted in the minute's requests and errors, a fault
 * recorded as its last error (and towards the circuit breaker), a success closing the breaker. The
 * counters are written in the database, so every process sees the same state.
 *
 * `counting: 'beside'` (a purchase): a call answers as soon as the provider did, its count written
 * beside what the caller does next; `counted()` waits for those writes. A purchase thereby does not
 * spend a round trip on its statistics before its sale.
 */
export function clientFor(
  db: Db,
  config: Pick<Config, 'upstream'>,
  provider: Pick<ProviderRow, 'id' | 'protocol' | 'base_url' | 'api_key'>,
  timeoutMs = config.upstream.requestTimeoutMs,
  counting: 'awaited' | 'beside' = 'awaited',
): ProviderClient & { counted(): Promise<void> } {
  const options = {
    baseUrl: provider.base_url,
    apiKey: provider.api_key,
    timeoutMs,
    allowPrivate: config.upstream.allowPrivate,
  };
  const raw = provider.protocol === '5sim' ? fiveSimClient(options) : smsActivateClient(options);
  const pending: Promise<unknown>[] = [];
  const count = async (write: Promise<void>) => {
    if (counting === 'awaited') return write;
    // Failures of a count are the database's, and the caller's next statement meets them too.
    pending.push(write.catch(() => {}));
  };
  const track =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      let result: R;
      try {
        result = await fn(...args);
      } catch (error) {
        const fault = error instanceof ProviderError ? error.fault : 'garbage';
        await count(
          countFault(db, provider.id, fault, error instanceof Error ? error.message : String(error)),
        );
        throw error instanceof ProviderError ? error : new ProviderError('garbage', String(error));
      }
      await count(countSuccess(db, provider.id));
      return result;
    };
  return {
    balance: track(raw.balance),
    prices: track(raw.prices),
    buy: track(raw.buy),
    status: track(raw.status),
    anotherSms: track(raw.anotherSms),
    finish: track(raw.finish),
    cancel: track(raw.cancel),
    ...(raw.activeSignatures ? { activeSignatures: track(raw.activeSignatures) } : {}),
    counted: async () => {
      await Promise.all(pending.splice(0));
    },
  };
}
