import { SUSPICIOUS_FAILURES, SUSPICIOUS_TOP } from '@jiema/shared';
import type { Queryable } from '../../db/client';
import { suspiciousIps } from './login-analysis.repository';

type Range = { start: Date; end: Date; tzOffset: number };

/**
 * `suspiciousIps` without counting every IP's distinct accounts over the whole period, when the per-IP
 * failures (`loginsByIp`) already say where the answer is. The list is ordered by failures first, so when
 * at least a full list of IPs reach SUSPICIOUS_FAILURES (each is in it by that alone), every IP of the
 * answer has at least as many failures as the list's last place: the same query restricted to those IPs
 * gives the same rows. Otherwise the whole query runs.
 */
export function suspiciousIpsOf(
  q: Queryable,
  range: Range,
  perIp: readonly { ip: string; failures: number }[],
) {
  const limit = SUSPICIOUS_TOP * 2;
  const failing = perIp
    .map((r) => r.failures)
    .filter((f) => f >= SUSPICIOUS_FAILURES)
    .sort((a, b) => b - a);
  if (failing.length < limit) return suspiciousIps(q, range);
  const floor = failing[limit - 1]!;
  return suspiciousIps(
    q,
    range,
    perIp.filter((r) => r.failures >= floor).map((r) => r.ip),
  );
}
