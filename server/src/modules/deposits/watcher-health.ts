import type { Locale, WatcherHealth } from '@jiema/shared';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { countUnmatched } from './deposits.repository';

type HealthConfig = Pick<Config, 'tronWatcherEnabled' | 'trongridUrl' | 'tronPollIntervalMs'>;

const MESSAGES: Record<WatcherHealth['state'], Record<Locale, string>> = {
  off: {
    'zh-CN': '本进程未启用链上充值监听（TRON_WATCHER=off）',
    'en-US': 'The chain watcher is off in this process (TRON_WATCHER=off)',
  },
  idle: {
    'zh-CN': '地址池为空，没有需要监听的地址',
    'en-US': 'The address pool is empty: there is nothing to watch',
  },
  starting: { 'zh-CN': '正在开始第一次扫描', 'en-US': 'The first scan is starting' },
  ok: { 'zh-CN': '链上充值监听正常', 'en-US': 'Deposits are being detected normally' },
  unreachable: {
    'zh-CN': '无法连接链上接口（TronGrid），充值暂时无法到账；正在自动重试，其他功能正常',
    'en-US':
      'The chain API (TronGrid) cannot be reached, so deposits are not detected; retrying, everything else works',
  },
  rate_limited: {
    'zh-CN': '链上接口限流（TronGrid），正在退避重试；请配置 TRONGRID_API_KEY',
    'en-US': 'The chain API (TronGrid) is rate limiting us; backing off and retrying. Set TRONGRID_API_KEY',
  },
  catching_up: {
    'zh-CN': '正在补读停机期间错过的区块，补读完成前新充值会延迟到账',
    'en-US': 'Reading the blocks missed while stopped; new deposits are credited once it has caught up',
  },
  failing: {
    'zh-CN': '链上接口返回错误，正在重试',
    'en-US': 'The chain API answers with errors; retrying',
  },
};

/** Solidifying takes about a minute; a cursor further behind than this is reading missed blocks. */
const CATCHING_UP_AFTER_SECONDS = 300;

/** The watcher's health as recorded in the database by whichever process scans (several may). */
export async function watcherHealth(
  q: Queryable,
  config: HealthConfig,
  locale: Locale,
): Promise<WatcherHealth> {
  const [[status], [scan], unmatchedCount] = await Promise.all([
    q.query<{
      last_round_at: Date | null;
      last_success_at: Date | null;
      last_error: string | null;
      last_error_at: Date | null;
      consecutive_errors: number;
    }>(
      'select last_round_at, last_success_at, last_error, last_error_at, consecutive_errors from tron_watcher_status where id = 1',
    ),
    q.query<{ addresses: number; cursor_ms: number | null }>(
      `select (select count(*)::int from tron_addresses) as addresses,
         (select cursor_ms::float8 from tron_chain_cursor where id = 1) as cursor_ms`,
    ),
    countUnmatched(q),
  ]);
  const addresses = scan?.addresses ?? 0;
  const errors = status?.consecutive_errors ?? 0;
  const errorKind = status?.last_error?.split(':')[0];
  const lagSeconds =
    scan?.cursor_ms != null ? Math.max(0, Math.round((Date.now() - scan.cursor_ms) / 1000)) : null;
  // Another process may be watching: "off" only when nobody has scanned lately.
  const someoneScanning =
    status?.last_round_at &&
    Date.now() - status.last_round_at.getTime() < 5 * config.tronPollIntervalMs + 60_000;
  let state: WatcherHealth['state'];
  if (!config.tronWatcherEnabled && !someoneScanning) state = 'off';
  else if (addresses === 0) state = 'idle';
  else if (errors > 0)
    state =
      errorKind === 'unreachable' ? 'unreachable' : errorKind === 'rate_limited' ? 'rate_limited' : 'failing';
  else if (!status?.last_success_at) state = 'starting';
  else if (lagSeconds !== null && lagSeconds > CATCHING_UP_AFTER_SECONDS) state = 'catching_up';
  else state = 'ok';
  return {
    state,
    message: MESSAGES[state][locale],
    apiUrl: config.trongridUrl,
    lastRoundAt: status?.last_round_at?.toISOString() ?? null,
    lastSuccessAt: status?.last_success_at?.toISOString() ?? null,
    lastError: status?.last_error ?? null,
    lastErrorAt: status?.last_error_at?.toISOString() ?? null,
    consecutiveErrors: errors,
    lagSeconds,
    addressesWatched: addresses,
    unmatchedCount,
    pollIntervalSeconds: config.tronPollIntervalMs / 1000,
  };
}
