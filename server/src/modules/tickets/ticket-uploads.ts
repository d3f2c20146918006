import path from 'node:path';
import {
  sniffAttachmentType,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_COUNT,
  TICKET_ATTACHMENT_MAX_MB,
} from '@jiema/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { RequestValidationError } from '../../lib/request-validation';
import type { TicketUpload } from './ticket-messages.repository';

const maxMb = TICKET_ATTACHMENT_MAX_MB;

/** A file name fit to show and to send back in Content-Disposition: no path, no control characters. */
function cleanName(name: string): string {
  const base = [...path.basename(name.replace(/\\/g, '/'))]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('');
  return base.slice(0, 100) || 'file';
}

/** Checks one file by its bytes, never by its name or the type the browser claims (spec §5 types). */
export function checkTicketFile(name: string, bytes: Buffer): TicketUpload {
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES)
    throw new AppError('TICKET_FILE_TOO_LARGE', { name, maxMb });
  const contentType = sniffAttachmentType(bytes, name);
  if (!contentType) throw new AppError('TICKET_FILE_TYPE_INVALID', { name });
  return { name, contentType, bytes };
}

/**
 * Reads a form with attachments: multipart (fields plus up to five `files`), or plain JSON without
 * files for API clients. The fields are validated by the shared schema, the same the browser
 * form uses; each file by size and content.
 */
export async function readFormWithFiles<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.infer<S>; files: TicketUpload[] }> {
  const fields: Record<string, unknown> = {};
  const files: TicketUpload[] = [];
  if (request.isMultipart()) {
    const parts = request.parts({
      limits: {
        fileSize: TICKET_ATTACHMENT_MAX_BYTES + 1,
        files: TICKET_ATTACHMENT_MAX_COUNT + 1,
        fields: 20,
        fieldSize: 64 * 1024,
      },
    });
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const name = cleanName(part.filename ?? '');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          throw new AppError('TICKET_FILE_TOO_LARGE', { name, maxMb });
        }
        // A file input left empty still sends a part without a name or bytes.
        if (!part.filename && bytes.length === 0) continue;
        if (files.length >= TICKET_ATTACHMENT_MAX_COUNT) {
          throw new AppError('TICKET_TOO_MANY_FILES', { max: TICKET_ATTACHMENT_MAX_COUNT });
        }
        files.push(checkTicketFile(name, bytes));
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // busboy's limits (more files or fields than allowed) and broken bodies
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
        throw new AppError('TICKET_TOO_MANY_FILES', { max: TICKET_ATTACHMENT_MAX_COUNT });
      }
      throw new AppError('BAD_REQUEST');
    }
  } else if (request.body && typeof request.body === 'object') {
    Object.assign(fields, request.body);
  }
  const result = schema.safeParse(fields, { reportInput: true });
  if (!result.success) throw new RequestValidationError(result.error.issues, 'body');
  // PostgreSQL text cannot hold U+0000; the route validator refuses it for JSON bodies, this for forms.
  const nulField = Object.entries(fields).find(([, v]) => typeof v === 'string' && v.includes('\u0000'));
  if (nulField) {
    throw new RequestValidationError(
      [{ code: 'custom', path: [nulField[0]], message: 'validation.nulCharacter', input: undefined }],
      'body',
    );
  }
  return { input: result.data, files };
}
