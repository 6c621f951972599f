import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** An OpenAPI 3.0 schema generated from a contract's zod schema, for @ApiBody / @ApiResponse. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): SchemaObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
  return json as SchemaObject;
}
