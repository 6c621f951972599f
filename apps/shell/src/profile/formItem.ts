import type { FieldErrors, FieldPath, FieldValues } from 'react-hook-form';

/** Form.Item props that show a react-hook-form error under its field and link the label to the input. */
export function formItemProps<T extends FieldValues>(
  errors: FieldErrors<T>,
  idFor: (name: FieldPath<T>) => string,
  name: FieldPath<T>,
) {
  const message = errors[name]?.message;
  return {
    htmlFor: idFor(name),
    validateStatus: typeof message === 'string' ? ('error' as const) : undefined,
    help: typeof message === 'string' ? message : undefined,
  };
}
