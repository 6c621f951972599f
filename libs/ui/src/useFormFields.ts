import { useId } from 'react';
import { translateMessage } from '@aide/contracts';
import { useLocale } from '@aide/i18n';
import { useT } from './i18n';

type FieldErrorsLike = { [field: string]: { message?: unknown } | undefined };

/**
 * For an antd Form driven by react-hook-form: a unique id per field (so each Form.Item label points
 * at its input) and the Form.Item props that show the field's validation message under it, in the
 * reader's language (zod's messages are the contracts' English; translateMessage finds them).
 */
export function useFormFields<TName extends string>(errors: FieldErrorsLike) {
  const baseId = useId();
  // Loads the ui catalog of the active language, and with it the server messages translateMessage reads.
  useT();
  const locale = useLocale();
  const idFor = (name: TName) => `${baseId}-${name}`;
  const itemProps = (name: TName) => {
    const message = errors[name]?.message;
    const help = typeof message === 'string' ? translateMessage(message, locale) : undefined;
    return { htmlFor: idFor(name), validateStatus: help ? ('error' as const) : undefined, help };
  };
  return { idFor, itemProps };
}
