import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

// CPU time is steadier than requests/s on a busy machine: it says what a request costs, not how much of
// the machine the server happened to get.
export const canMeasureProcessCpu = existsSync('/proc/self/stat');

const ticksPerSecond = canMeasureProcessCpu ? clockTicksPerSecond() : 100;

/** CPU time (user + system) used so far by each of the processes `pids`, in microseconds; Linux only. */
export function processesCpuMicros(pids) {
  const used = new Map();
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond);
    } catch {
      // Not running (any more).
    }
  }
  return used;
}

/**
 * CPU time used between two `processesCpuMicros` samples, by the processes found in both: a process
 * that exits in between (a database pool closing an idle connection) must not count negatively.
 */
export function cpuMicrosBetween(before, after) {
  let total = 0;
  for (const [pid, micros] of after) if (before.has(pid)) total += micros - before.get(pid);
  return total;
}

function clockTicksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
