import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

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
  paths: Record<string, Record<string, Operation>>;
};

/** The server's OpenAPI description, generated from its route schemas (so the page never drifts). */
export const getOpenApi = async () => (await http.get<OpenApiDocument>('/api/openapi.json')).data;

export const useOpenApi = () =>
  useQuery({ queryKey: ['docs', 'openapi'], queryFn: getOpenApi, staleTime: Number.POSITIVE_INFINITY });
