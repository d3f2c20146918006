import { fork } from 'node:child_process';
import { onCleanup } from './cleanup.mjs';

/**
 * The SMSC simulator (smsc-simulator.mjs) in a process of its own: its port and pid, and `deliverMo`,
 * which has it send one mobile-originated SMS to whichever Jiema process holds the `mo` bind and
 * resolves to whether that process answered the deliver_sm with success.
 */
export async function startSmscProcess({ countDestinations = false } = {}) {
  const args = countDestinations ? ['--count-destinations'] : [];
  const child = fork(new URL('./smsc-simulator.mjs', import.meta.url), args, { stdio: 'inherit' });
  onCleanup(() => child.kill());
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('the SMSC simulator exited')));
  });
  const waiting = new Map();
  let seq = 0;
  let statsWaiting = null;
  child.on('message', (message) => {
    if (message?.type === 'stats') statsWaiting?.(message);
    if (message?.type !== 'mo-result') return;
    waiting.get(message.seq)?.(message.ok);
    waiting.delete(message.seq);
  });
  return {
    port,
    pid: child.pid,
    deliverMo: ({ from, to, text }) =>
      new Promise((resolve) => {
        const mine = seq++;
        waiting.set(mine, resolve);
        child.send({ type: 'mo', seq: mine, from, to, text });
      }),
    /** Submits received and distinct destinations (with `countDestinations`). */
    stats: () =>
      new Promise((resolve) => {
        statsWaiting = resolve;
        child.send({ type: 'stats' });
      }),
  };
}
