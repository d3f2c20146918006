import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call as we made it, and what the upstream answered (null: no answer reached us). */
export type ProxiedCall = { action: string; id: string | null; status: string | null; answer: string | null };

/**
 * Stands between us and a real upstream (another Jiema's handler_api) and writes down every call, so a
 * test can count what we asked the provider: how many numbers bought, how many cancels per activation.
 */
export async function countingProxy(target: string) {
  const calls: ProxiedCall[] = [];
  /** Actions answered `BAD_ACTION` here, as by a provider that does not offer them. */
  const notOffered = new Set<string>();
  /** A call answered here with the text returned (an odd answer of a real provider), else passed on. */
  const answers: { with: ((call: ProxiedCall) => string | null) | null } = { with: null };
  /** The upstream's answer to a call passed on, changed before it reaches us (a provider's own quirk). */
  const edits: { with: ((call: ProxiedCall, body: string) => string) | null } = { with: null };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', target);
    const q = url.searchParams;
    const call: ProxiedCall = {
      action: q.get('action') ?? '',
      id: q.get('id'),
      status: q.get('status'),
      answer: null,
    };
    calls.push(call);
    if (notOffered.has(q.get('action') ?? '')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('BAD_ACTION');
      return;
    }
    const own = answers.with?.(call) ?? null;
    if (own !== null) {
      call.answer = own;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(own);
      return;
    }
    try {
      const answer = await fetch(url, { method: req.method });
      const real = await answer.text();
      const body = edits.with ? edits.with(call, real) : real;
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(body);
      call.answer = body;
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    notOffered,
    answers,
    edits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
