import type { PowResult, PowTask } from './pow-worker';

/** Runs the proof of work in a Web Worker; resolves with the number, or null if none was found. */
export function solvePow(task: PowTask, signal: AbortSignal): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<PowResult>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      resolve(event.data.number);
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'captcha worker failed'));
    };
    worker.postMessage(task);
  });
}
