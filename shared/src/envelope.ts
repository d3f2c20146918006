import { z } from 'zod';

/** Spec §7-§8 and ARCHITECTURE: every answer is `{ code, message, data }`; success has code 200. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}

export const ZErrorBody = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  data: z.null(),
  error: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ZErrorBody>;

export type Envelope<T> = { code: 200; message: string; data: T };
