import type { FieldErrors, FieldPath, FieldValues } from 'react-hook-form';
import { translateMessage } from '@aide/contracts';
import { getLocale } from '@aide/i18n';

/** Form.Item props that show a react-hook-form error under its field and link the label to the input. */
export function formItemProps<T extends FieldValues>(
  errors: FieldErrors<T>,
  idFor: (name: FieldPath<T>) => string,
  name: FieldPath<T>,
) {
  const message = errors[name]?.message;
  // zod's messages are English (@aide/contracts); the reader sees them in their language.
  const help = typeof message === 'string' ? translateMessage(message, getLocale()) : undefined;
  return { htmlFor: idFor(name), validateStatus: help ? ('error' as const) : undefined, help };
}
