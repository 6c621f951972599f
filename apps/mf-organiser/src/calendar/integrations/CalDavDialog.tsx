import { useEffect } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form, Input, Modal, Segmented, Select, theme } from 'antd';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import {
  ICLOUD_CALDAV_URL,
  SYNC_DIRECTIONS,
  createCalDavIntegrationSchema,
  type CreateCalDavIntegrationInput,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { SYNC_DIRECTION_LABELS } from './integrationLabels';
import { useCreateCalDavIntegration } from './useCalendarIntegrations';
import { useFormFields } from '@aide/ui';

type FormValues = CreateCalDavIntegrationInput;

const DEFAULTS: FormValues = {
  provider: 'icloud',
  serverUrl: ICLOUD_CALDAV_URL,
  username: '',
  password: '',
  calendarName: '',
  syncDirection: 'two_way',
};

const providerOptions = [
  { value: 'icloud' as const, label: 'iCloud' },
  { value: 'caldav' as const, label: 'CalDAV' },
];
const directionOptions = SYNC_DIRECTIONS.map((value) => ({ value, label: SYNC_DIRECTION_LABELS[value] }));

export interface CalDavDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Connects iCloud (CalDAV at a fixed address, app-specific password) or any CalDAV server. */
export function CalDavDialog({ open, onClose }: CalDavDialogProps) {
  const { toast } = useHost();
  const { token } = theme.useToken();
  const create = useCreateCalDavIntegration();
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({ resolver: zodResolver(createCalDavIntegrationSchema), defaultValues: DEFAULTS });

  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, reset]);

  const provider = useWatch({ control, name: 'provider' });

  const submit = handleSubmit(async (values) => {
    if (create.isPending) return;
    try {
      const calendarName = values.calendarName?.trim();
      await create.mutateAsync({ ...values, calendarName: calendarName || undefined });
      toast({ title: 'Calendar connected', description: 'The first sync has started.' });
      onClose();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: 'Error',
        description: `Failed to connect calendar: ${errorDetail(error)}`,
        variant: 'destructive',
      });
    }
  });

  const { idFor, itemProps } = useFormFields<FieldPath<FormValues>>(errors);

  return (
    <Modal
      open={open}
      title="Connect CalDAV / iCloud"
      okText="Connect"
      cancelText="Cancel"
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }}>
        <Form.Item label="Provider">
          <Controller
            name="provider"
            control={control}
            render={({ field }) => (
              <Segmented
                aria-label="Provider"
                block
                value={field.value}
                options={providerOptions}
                onChange={(next) => {
                  field.onChange(next);
                  // iCloud always lives at one address; another server starts blank.
                  const url = getValues('serverUrl');
                  if (next === 'icloud') setValue('serverUrl', ICLOUD_CALDAV_URL);
                  else if (url === ICLOUD_CALDAV_URL) setValue('serverUrl', '');
                }}
              />
            )}
          />
        </Form.Item>
        {provider === 'icloud' ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: token.marginMD }}
            title="Sign in with your Apple ID and an app-specific password (account.apple.com → Sign-In and Security)."
          />
        ) : null}
        <Form.Item label="Server URL" required {...itemProps('serverUrl')}>
          <Controller
            name="serverUrl"
            control={control}
            render={({ field }) => (
              <Input {...field} id={idFor('serverUrl')} placeholder="https://caldav.example.com" inputMode="url" />
            )}
          />
        </Form.Item>
        <Form.Item label="Username" required {...itemProps('username')}>
          <Controller
            name="username"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('username')}
                autoComplete="username"
                placeholder={provider === 'icloud' ? 'Apple ID email' : 'Username'}
              />
            )}
          />
        </Form.Item>
        <Form.Item label="App password" required {...itemProps('password')}>
          <Controller
            name="password"
            control={control}
            render={({ field }) => <Input.Password {...field} id={idFor('password')} autoComplete="new-password" />}
          />
        </Form.Item>
        <Form.Item
          label="Calendar name"
          {...itemProps('calendarName')}
          extra="Leave blank to use the first calendar on the server."
        >
          <Controller
            name="calendarName"
            control={control}
            render={({ field }) => <Input {...field} id={idFor('calendarName')} placeholder="e.g. Home" />}
          />
        </Form.Item>
        <Form.Item label="Sync direction" {...itemProps('syncDirection')} style={{ marginBottom: 0 }}>
          <Controller
            name="syncDirection"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('syncDirection')}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={directionOptions}
              />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
