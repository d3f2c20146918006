import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('deployment files', () => {
  test.runIf(hasSystemdAnalyze)('the systemd unit passes systemd-analyze verify with nothing to say', () => {
    const result = spawnSync('systemd-analyze', ['verify', `${ROOT}deploy/jiema.service`], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
  });

  test('the unit, the image and the example environment agree with the server', () => {
    const unit = fs.readFileSync(`${ROOT}deploy/jiema.service`, 'utf8');
    const dockerfile = fs.readFileSync(`${ROOT}Dockerfile`, 'utf8');
    const env = fs.readFileSync(`${ROOT}deploy/jiema.env.example`, 'utf8');
    // What `npm run build` makes is what both start.
    const build = fs.readFileSync(`${ROOT}server/scripts/build.mjs`, 'utf8');
    expect(build).toContain("main: 'src/main.ts'");
    expect(unit).toContain('ExecStart=/usr/bin/node server/dist/main.js');
    expect(dockerfile).toContain('CMD ["node", "server/dist/main.js"]');
    // The stop waits longer than the server's own grace period.
    const grace = Number(/SHUTDOWN_GRACE_SECONDS=(\d+)/.exec(env)?.[1]);
    expect(Number(/TimeoutStopSec=(\d+)/.exec(unit)?.[1])).toBeGreaterThan(grace);
    // Every variable the example sets is one the server reads (README's table mirrors config-env.ts).
    const config = fs.readFileSync(`${ROOT}server/src/config-env.ts`, 'utf8');
    for (const [, name] of env.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm))
      expect(config, name).toContain(`${name}:`);
  });
});
