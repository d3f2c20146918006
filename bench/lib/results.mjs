import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const RESULTS_FILE = new URL('../RESULTS.md', import.meta.url);

const HEADER = `# Benchmark results

Written by the scripts in \`bench/\` (see \`bench/README.md\`). Each benchmark owns the sections between its
\`<!-- bench:… -->\` markers and replaces them on every recorded run; text outside the markers is kept.
`;

/** Replaces the section `id` of RESULTS.md with `markdown`, or appends it when the file has none yet. */
export function recordSection(id, markdown, file = RESULTS_FILE) {
  const begin = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const from = current.indexOf(begin);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/**
 * A markdown table of load results, one row per target; CPU columns appear when CPU time was measured.
 * `rows`: `{ label, load }` with `load` from `measureLoad`.
 */
export function loadTable(rows) {
  const withCpu = rows.some((row) => row.load.cpuMicrosPerRequest?.server !== undefined);
  const cpu = (load, name) => {
    const micros = load.cpuMicrosPerRequest?.[name];
    return micros === undefined ? '–' : `${Math.round(micros)} µs`;
  };
  const head = ['Target', 'Requests/s', 'Mean latency', 'p50', 'p99', 'Requests', 'Errors + non-2xx'];
  if (withCpu) head.push('Server CPU/req', 'Database CPU/req', 'autocannon CPU/req');
  const lines = [`| ${head.join(' | ')} |`, `| --- |${' ---: |'.repeat(head.length - 1)}`];
  for (const { label, load } of rows) {
    const cells = [
      label,
      formatRate(load.requestsPerSecond),
      load.latencyMeanMs === undefined ? '–' : `${load.latencyMeanMs.toFixed(2)} ms`,
      `${load.latencyP50Ms} ms`,
      `${load.latencyP99Ms} ms`,
      String(load.totalRequests),
      String(load.failures),
    ];
    if (withCpu) cells.push(cpu(load, 'server'), cpu(load, 'database'), cpu(load, 'loadGenerator'));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

export function formatRate(requestsPerSecond) {
  return Math.round(requestsPerSecond).toLocaleString('en-US');
}

export function machineLine(machine) {
  return `${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.platform}, Node.js ${machine.node}, 1-minute load average ${machine.loadAverage.toFixed(1)} at the start`;
}
