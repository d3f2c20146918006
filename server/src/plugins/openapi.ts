import swagger from '@fastify/swagger';
import { LOCALE_HEADER, LOCALES, type Locale, matchLocale } from '@jiema/shared';
import type { FastifyRequest } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../app-types';
import { DOCUMENT_TEXTS } from './openapi/document-texts';
import {
  localizeOpenApi,
  type OpenApiDocument,
  type OperationAccess,
  operationKey,
} from './openapi/localize';

const ZOpenApiQuery = z.object({ lang: z.enum(LOCALES).optional() });

/**
 * The document's language: `?lang=`, else the headers every other answer follows, else English: a
 * tool that fetches the document without asking keeps getting what it always got.
 */
function documentLocale(request: FastifyRequest, lang: Locale | undefined): Locale {
  const header = request.headers[LOCALE_HEADER];
  return (
    lang ??
    matchLocale(Array.isArray(header) ? header[0] : header, request.headers['accept-language']) ??
    'en-US'
  );
}

/**
 * The OpenAPI description is generated from the route schemas, so it cannot drift from the code. The
 * routes carry the English texts; `openapi/operations-zh-cn.ts` the Chinese ones, keyed by operation.
 */
export async function registerOpenApi(app: App) {
  const zodTransform = createJsonSchemaTransform({ skipList: ['/api/openapi.json', '/healthz'] });
  // Who may call each operation, read from the route config the authentication hook enforces.
  const access = new Map<string, OperationAccess>();
  await app.register(swagger, {
    openapi: {
      info: { title: 'Jiema API', description: DOCUMENT_TEXTS['en-US'].info, version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const result = zodTransform(input);
      const config = (input.route.config ?? {}) as { auth?: OperationAccess['auth']; permission?: string };
      const path = (result.url ?? input.url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of [input.route.method].flat()) {
        access.set(operationKey(method, path), {
          auth: config.auth ?? 'required',
          permission: config.permission,
        });
      }
      return result;
    },
  });
  // Built once per language: the routes do not change once the app is ready.
  const documents = new Map<Locale, OpenApiDocument>();
  app.get(
    '/api/openapi.json',
    { config: { auth: 'none' }, schema: { hide: true, querystring: ZOpenApiQuery } },
    (request) => {
      const locale = documentLocale(request, request.query.lang);
      let document = documents.get(locale);
      if (!document) {
        document = localizeOpenApi(app.swagger() as unknown as OpenApiDocument, locale, access);
        documents.set(locale, document);
      }
      return document;
    },
  );
}
