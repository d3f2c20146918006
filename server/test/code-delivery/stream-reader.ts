import http from 'node:http';

/** An EventSource-like reader: the stream's text so far, and when it ended; `close()` drops the connection. */
export function openStream(url: string) {
  const state = {
    status: 0,
    text: '',
    ended: false,
    headers: {} as http.IncomingHttpHeaders,
    close: () => request.destroy(),
  };
  const request = http.get(url, (response) => {
    state.status = response.statusCode ?? 0;
    state.headers = response.headers;
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      state.text += chunk;
    });
    response.on('end', () => {
      state.ended = true;
    });
    response.on('close', () => {
      state.ended = true;
    });
  });
  request.on('error', () => {
    state.ended = true;
  });
  return state;
}

export async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return check();
}
