#!/usr/bin/env node
// Audits the lock file (`npm audit --package-lock-only`: no install, no node_modules needed) against
// the registry's advisory service. Fails on a known vulnerability of high or critical severity. When
// the advisory service cannot be reached (no network, a mirror without the audit endpoint) it says
// so on one line and succeeds: CI must not fail for lack of network, and the line shows it was skipped.
import { spawnSync } from 'node:child_process';

const TIMEOUT_MS = 60_000;
const LEVELS = ['info', 'low', 'moderate', 'high', 'critical'];
const failAt = LEVELS.indexOf(process.env.AUDIT_LEVEL ?? 'high');

const run = spawnSync('npm', ['audit', '--package-lock-only', '--json'], {
  encoding: 'utf8',
  timeout: TIMEOUT_MS,
  env: { ...process.env, npm_config_fetch_retries: '0', npm_config_fetch_timeout: '20000' },
});

let report = null;
try {
  report = JSON.parse(run.stdout || 'null');
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (run.error || !counts) {
  const why =
    run.error?.code === 'ETIMEDOUT'
      ? `no answer within ${TIMEOUT_MS / 1000} s`
      : (report?.message || report?.error?.summary || run.stderr || 'no report').split('\n')[0].slice(0, 200);
  console.log(`dependency audit SKIPPED: the advisory service could not be reached (${why})`);
  process.exit(0);
}

const found = LEVELS.map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
const failing = LEVELS.slice(failAt).reduce((sum, level) => sum + (counts[level] ?? 0), 0);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (LEVELS.indexOf(v.severity) >= failAt) console.log(`  ${v.severity}: ${name} ${v.range}`);
}
console.log(`dependency audit: ${found}`);
process.exit(failing > 0 ? 1 : 0);
