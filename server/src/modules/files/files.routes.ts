import { z } from 'zod';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findStoredFile } from './files.repository';

/**
 * Uploaded files live in the database, so every server instance can serve them. Ids are random
 * and unguessable; only images checked by content are stored, and they are sent with nosniff.
 */
export function registerFileRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/files/:id',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['files'],
        summary: 'An uploaded image (avatars)',
        security: [],
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
      },
    },
    async (request, reply) => {
      const file = await findStoredFile(db, request.params.id);
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
