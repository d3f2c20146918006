import type { FastifyInstance } from 'fastify';

/** `name="x"\r\n\r\nvalue` parts of a multipart/form-data body (PHP's curl with an array sends that). */
function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${mark}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name || /filename=/i.test(head)) continue;
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/**
 * The bodies compat clients send, each turned into plain fields and never refused: a form
 * (also empty, with every parameter in the query string), multipart, JSON, or anything else
 * (ignored). A body that cannot be read is an empty one: the query string still answers.
 */
export function acceptAnyBody(scope: FastifyInstance) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      const parsed = (body as string).trim() === '' ? {} : JSON.parse(body as string);
      done(null, parsed && typeof parsed === 'object' ? parsed : {});
    } catch {
      done(null, { __invalidJson: true });
    }
  });
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (req, body, done) => {
    done(null, multipartFields(body as string, String(req.headers['content-type'] ?? '')));
  });
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
}
