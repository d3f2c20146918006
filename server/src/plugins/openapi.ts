import swagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-types';

/** The OpenAPI description is generated from the route schemas, so it cannot drift from the code. */
export async function registerOpenApi(app: App) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Jiema API',
        description:
          'Every answer is `{ code, message, data }`. Authenticate with `Authorization: Bearer <token>` from `POST /auth/login`. Messages follow `X-Locale` or `Accept-Language` (zh-CN default, en-US).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: ['/api/openapi.json', '/healthz'] }),
  });
  app.get('/api/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, () => app.swagger());
}
