import autocannon from 'autocannon';
import { canMeasureProcessCpu, cpuMicrosBetween, processesCpuMicros } from './process-cpu.mjs';

/**
 * Drives `url` with autocannon from this process: a short warm-up (JIT, connection pools), then the
 * measured run. Every target gets the same settings, so only the server differs.
 * `processGroups()` (called after the warm-up) names the processes whose CPU time per request to report,
 * e.g. `{ server: [pid], database: [pids] }`; the load generator's own is always reported.
 * `requests` is passed to autocannon as is, for requests that differ one from the next (`setupRequest`).
 */
export async function measureLoad(
  url,
  {
    connections,
    durationSeconds,
    warmupSeconds,
    method = 'GET',
    headers = {},
    body,
    requests,
    processGroups = async () => ({}),
  },
) {
  const request = { url, connections, method, headers, body, ...(requests ? { requests } : {}) };
  if (warmupSeconds > 0) await autocannon({ ...request, duration: warmupSeconds });
  const groups = canMeasureProcessCpu ? await processGroups() : {};
  const cpuBefore = sampleCpu(groups);
  const ownBefore = process.cpuUsage();
  const result = await autocannon({ ...request, duration: durationSeconds });
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = sampleCpu(groups);

  const completed = Math.max(1, result.requests.total);
  const cpuMicrosPerRequest = Object.fromEntries(
    Object.keys(groups).map((name) => [name, cpuMicrosBetween(cpuBefore[name], cpuAfter[name]) / completed]),
  );
  cpuMicrosPerRequest.loadGenerator = (own.user + own.system) / completed;
  return {
    requestsPerSecond: result.requests.average,
    latencyMeanMs: result.latency.mean,
    // autocannon records latencies in whole milliseconds: sub-millisecond percentiles read as 0.
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuMicrosPerRequest,
  };
}

function sampleCpu(groups) {
  return Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, processesCpuMicros(pids)]));
}
