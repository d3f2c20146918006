// Preloaded (`node --import`) into every process a benchmark starts, so none outlives the run:
// the child stops when its parent goes away (even if the parent was killed) or its lifetime is up.
const maxLifetimeMs = Number(process.env.BENCH_MAX_LIFETIME_MS ?? 0);

const stop = () => process.kill(process.pid, 'SIGTERM');

if (process.channel) {
  process.on('disconnect', stop);
  // The channel is only a lifeline: it must not keep the process alive by itself.
  process.channel.unref();
}
if (maxLifetimeMs > 0) setTimeout(stop, maxLifetimeMs).unref();
