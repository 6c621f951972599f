import type { FieldErrors, FieldValues } from 'react-hook-form';

/** A schema's object-level refine message (zodResolver files it under the empty path, or root). */
export function formLevelError<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  const byPath = errors as Record<string, { message?: unknown } | undefined>;
  const message = byPath['']?.message ?? byPath.root?.message;
  return typeof message === 'string' ? message : undefined;
}
