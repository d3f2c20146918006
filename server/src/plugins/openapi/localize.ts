import type { Locale } from '@jiema/shared';
import type { AuthMode } from '../../fastify-types';
import { accessLine, DOCUMENT_TEXTS } from './document-texts';
import { OPERATIONS_ZH_CN } from './operations-zh-cn';
import { tagName } from './tags';

export type OperationAccess = { auth: AuthMode; permission: string | undefined };

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, { description?: string }>;
  [key: string]: unknown;
};

export type OpenApiDocument = {
  info: { title: string; description?: string; version: string };
  tags?: Array<{ name: string; 'x-displayName': string }>;
  paths: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};

/** `GET /api/things/{id}`: how the Chinese catalogue names an operation. */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** What @fastify/swagger writes for a response the route describes no further. */
const DEFAULT_RESPONSE = 'Default Response';

function localizeOperation(
  operation: Operation,
  key: string,
  locale: Locale,
  access: OperationAccess | undefined,
): Operation {
  // The English texts are the route schemas' own; a missing Chinese entry falls back to them (the
  // OpenAPI test fails on it, so it does not ship).
  const texts = locale === 'zh-CN' ? (OPERATIONS_ZH_CN[key] ?? operation) : operation;
  const paragraphs = [texts.description, access && accessLine(access, locale)].filter(Boolean);
  const responses = Object.fromEntries(
    Object.entries(operation.responses ?? {}).map(([status, response]) => [
      status,
      response.description === DEFAULT_RESPONSE
        ? { ...response, description: DOCUMENT_TEXTS[locale].defaultResponse }
        : response,
    ]),
  );
  const { description: _english, ...rest } = operation;
  return {
    ...rest,
    summary: texts.summary,
    ...(paragraphs.length > 0 && { description: paragraphs.join('\n\n') }),
    responses,
  };
}

/**
 * The generated document in one language: summaries, descriptions, who may call each operation,
 * the tag names (as `x-displayName`) and the introduction.
 */
export function localizeOpenApi(
  document: OpenApiDocument,
  locale: Locale,
  access: ReadonlyMap<string, OperationAccess>,
): OpenApiDocument {
  const tags = new Set<string>();
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => {
          for (const tag of operation.tags ?? []) tags.add(tag);
          const key = operationKey(method, path);
          return [method, localizeOperation(operation, key, locale, access.get(key))];
        }),
      ),
    ]),
  );
  return {
    ...document,
    info: { ...document.info, description: DOCUMENT_TEXTS[locale].info },
    tags: [...tags].map((name) => ({ name, 'x-displayName': tagName(name, locale) })),
    paths,
  };
}
