import type { FieldErrors, FieldPath, FieldValues } from 'react-hook-form';
import { shownMessage } from '../i18n/messages';

/** Form.Item props that show a react-hook-form error under its field and link the label to the input. */
export function formItemProps<T extends FieldValues>(
  errors: FieldErrors<T>,
  idFor: (name: FieldPath<T>) => string,
  name: FieldPath<T>,
) {
  const message = errors[name]?.message;
  // zod's messages are English (@aide/contracts); the reader sees them in their language.
  const help = typeof message === 'string' ? shownMessage(message) : undefined;
  return { htmlFor: idFor(name), validateStatus: help ? ('error' as const) : undefined, help };
}
