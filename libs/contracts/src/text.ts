import { z } from 'zod';

/**
 * A trimmed string with a length limit that PostgreSQL can store: it refuses the NUL character in
 * text, so NUL is a validation error (400) rather than a database error. With `required`, a
 * missing or blank value fails with that message.
 */
export function text(label: string, max: number, { required }: { required?: string } = {}) {
  const base = z.string({ error: required ?? `${label} must be text` }).trim();
  return (required ? base.min(1, required) : base)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain NUL characters`);
}

/**
 * Tags typed as comma-separated text (spec: research and document tags): each trimmed, empty
 * entries dropped; null when none is left.
 */
export function commaSeparatedTags(value: string): string[] | null {
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return tags.length ? tags : null;
}
