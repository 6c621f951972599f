import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema the model is held to. Types JSON cannot express (dates, transforms) become
 * "any" instead of throwing: the zod schema still validates the answer afterwards.
 */
export function toModelJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * Whether OpenAI's strict structured outputs accept the schema: every object lists all its
 * properties as required and forbids others. Anything else is sent with strict: false, which
 * servers treat as guidance, rather than rejected outright.
 */
export function isStrictCompatible(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictCompatible);
  if (typeof schema !== 'object' || schema === null) return true;
  const node = schema as JsonSchema;
  if (node.type === 'object' || node.properties) {
    const keys = Object.keys((node.properties as JsonSchema | undefined) ?? {});
    const required = new Set((node.required as string[] | undefined) ?? []);
    if (node.additionalProperties !== false || !keys.every((k) => required.has(k))) return false;
  }
  return Object.values(node).every(isStrictCompatible);
}

/** response_format's json_schema.name: letters, digits, _ and -, at most 64. */
export const schemaName = (task: string) => task.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
