import { useId } from 'react';

type FieldErrorsLike = { [field: string]: { message?: unknown } | undefined };

/**
 * For an antd Form driven by react-hook-form: a unique id per field (so each Form.Item label points
 * at its input) and the Form.Item props that show the field's validation message under it.
 */
export function useFormFields<TName extends string>(errors: FieldErrorsLike) {
  const baseId = useId();
  const idFor = (name: TName) => `${baseId}-${name}`;
  const itemProps = (name: TName) => {
    const message = errors[name]?.message;
    const help = typeof message === 'string' ? message : undefined;
    return { htmlFor: idFor(name), validateStatus: help ? ('error' as const) : undefined, help };
  };
  return { idFor, itemProps };
}
