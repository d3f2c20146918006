import type { Locale } from '@jiema/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
  nullable?: boolean;
};

export type Operation = {
  summary?: string;
  /** Paragraphs split by blank lines, with `code` and **bold** (see doc-text.tsx). */
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    schema?: JsonSchema;
    description?: string;
  }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};

export type OpenApiDocument = {
  info: { title: string; description?: string; version: string };
  /** Each tag with its name in the document's language. */
  tags?: Array<{ name: string; 'x-displayName'?: string }>;
  paths: Record<string, Record<string, Operation>>;
};

/**
 * The server's OpenAPI description in one language, generated from its route schemas (so the page
 * never drifts); the summaries and group names are the server's, in the language asked for.
 */
export const getOpenApi = async (locale: Locale) =>
  (await call({ url: '/api/openapi.json', params: { lang: locale } })).body as OpenApiDocument;

/** A language switch fetches the other document; the one shown stays until it has arrived. */
export const useOpenApi = (locale: Locale) =>
  useQuery({
    queryKey: ['docs', 'openapi', locale],
    queryFn: () => getOpenApi(locale),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
