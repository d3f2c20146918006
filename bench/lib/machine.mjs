import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** What the numbers depend on: the machine, the Node.js version and the code measured. */
export function describeMachine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    // Other work on the machine competes for the same cores: a high load before the run means noisy numbers.
    loadAverage: os.loadavg()[0],
    commit: gitCommit(),
  };
}

function gitCommit() {
  try {
    const run = (args) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = run(['status', '--porcelain', '--', 'server', 'shared']) !== '';
    return `${run(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + uncommitted changes in server/shared' : ''}`;
  } catch {
    return 'unknown';
  }
}
