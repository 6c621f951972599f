import type { SearchResponse, SearchResult } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

/** The search contracts are plain interfaces; these schemas are checked against their keys. */
const result = {
  module: { type: 'string', example: 'organiser' },
  type: { type: 'string', example: 'task' },
  id: { type: 'integer' },
  title: { type: 'string', example: 'Write report' },
  snippet: { type: 'string', nullable: true, description: 'Plain text, no markup' },
  link: { type: 'string', example: '/tasks' },
} satisfies Record<keyof SearchResult, SchemaObject>;

const response = {
  query: { type: 'string', description: 'The trimmed search text' },
  results: { type: 'array', items: { type: 'object', properties: result, required: Object.keys(result) } },
} satisfies Record<keyof SearchResponse, SchemaObject>;

export const SEARCH_RESPONSE_OPENAPI: SchemaObject = {
  type: 'object',
  properties: response,
  required: Object.keys(response),
};
