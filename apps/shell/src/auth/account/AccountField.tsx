import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Form, Input } from 'antd';
import { shownMessage } from '../../i18n/messages';

/** An antd form field bound to react-hook-form, its error the contract schema's message. */
export function AccountField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  type,
  autoComplete,
  autoFocus,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  id: string;
  type?: 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const Component = type === 'password' ? Input.Password : Input;
        return (
          <Form.Item
            label={label}
            htmlFor={id}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={shownMessage(fieldState.error?.message)}
          >
            <Component
              {...field}
              id={id}
              type={type === 'email' ? 'email' : undefined}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              size="large"
            />
          </Form.Item>
        );
      }}
    />
  );
}
