/**
 * One HTTP exchange with the API, without a library: `fetch`, or XMLHttpRequest when the caller
 * follows an upload's progress (fetch cannot report it). It answers the status and the parsed body
 * of any answer, and throws a `TransportFailure` when there was none (http.ts decides what to show).
 */
export type SendOptions = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  timeoutMs: number;
  signal?: AbortSignal;
  /** 'blob': a file (an export, an image) instead of JSON. */
  responseType?: 'json' | 'blob';
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
};

export type Answer = { status: number; body: unknown; headers: Headers };

/** No answer: the time ran out, the network failed, or the caller aborted. */
export class TransportFailure extends Error {
  constructor(readonly kind: 'timeout' | 'no-response' | 'aborted') {
    super(kind);
  }
}

/** JSON when the text is JSON, the text otherwise (as axios read answers); nothing when empty. */
function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A failed call's body is read as JSON even when a file was asked for: it is the error envelope. */
const wantsBlob = (options: SendOptions, status: number) =>
  options.responseType === 'blob' && status >= 200 && status < 300;

/** The caller's abort and the timeout as one signal, and which of them fired. */
function deadline(options: SendOptions) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    failure: () =>
      new TransportFailure(timedOut ? 'timeout' : options.signal?.aborted ? 'aborted' : 'no-response'),
    done: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

async function sendWithFetch(options: SendOptions): Promise<Answer> {
  const limit = deadline(options);
  try {
    const response = await fetch(options.url, {
      method: options.method,
      headers: options.headers,
      body: options.body,
      signal: limit.signal,
    });
    const body = wantsBlob(options, response.status)
      ? await response.blob()
      : parseText(await response.text());
    return { status: response.status, body, headers: response.headers };
  } catch (error) {
    if (error instanceof TransportFailure) throw error;
    throw limit.failure();
  } finally {
    limit.done();
  }
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

function sendWithXhr(options: SendOptions): Promise<Answer> {
  const limit = deadline(options);
  return new Promise<Answer>((resolve, reject) => {
    if (limit.signal.aborted) return reject(limit.failure());
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, options.url);
    for (const [name, value] of Object.entries(options.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'blob';
    const progress = options.onUploadProgress;
    if (progress) {
      xhr.upload.onprogress = (event) =>
        progress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    xhr.onload = () => {
      const blob = xhr.response as Blob;
      const answer = (body: unknown) => resolve({ status: xhr.status, body, headers: headersOf(xhr) });
      if (wantsBlob(options, xhr.status)) answer(blob);
      else blob.text().then((text) => answer(parseText(text)), reject);
    };
    xhr.onerror = () => reject(limit.failure());
    xhr.onabort = () => reject(limit.failure());
    limit.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((options.body ?? null) as XMLHttpRequestBodyInit | null);
  }).finally(limit.done);
}

export function send(options: SendOptions): Promise<Answer> {
  return options.onUploadProgress ? sendWithXhr(options) : sendWithFetch(options);
}
