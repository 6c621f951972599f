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
import { PROVIDER_LABELS, SYNC_DIRECTION_LABELS } from './integrationLabels';
import { useCreateCalDavIntegration } from './useCalendarIntegrations';
import { useFormFields } from '@aide/ui';
import { t as translate, useT } from '../../i18n';

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
  { value: 'icloud' as const, label: PROVIDER_LABELS.icloud },
  { value: 'caldav' as const, label: PROVIDER_LABELS.caldav },
];
/** An address, the same in every language. */
const SERVER_URL_EXAMPLE = 'https://caldav.example.com';

export interface CalDavDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Connects iCloud (CalDAV at a fixed address, app-specific password) or any CalDAV server. */
export function CalDavDialog({ open, onClose }: CalDavDialogProps) {
  const { toast } = useHost();
  const { token } = theme.useToken();
  const t = useT();
  const directionOptions = SYNC_DIRECTIONS.map((value) => ({ value, label: SYNC_DIRECTION_LABELS[value] }));
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
      toast({
        title: translate('integrations.caldav.connected'),
        description: translate('integrations.caldav.connectedText'),
      });
      onClose();
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: translate('common.error'),
        description: translate('integrations.caldav.failed', { detail: errorDetail(error) }),
        variant: 'destructive',
      });
    }
  });

  const { idFor, itemProps } = useFormFields<FieldPath<FormValues>>(errors);

  return (
    <Modal
      open={open}
      title={t('integrations.caldav.title')}
      okText={t('integrations.caldav.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }}>
        <Form.Item label={t('integrations.caldav.provider')}>
          <Controller
            name="provider"
            control={control}
            render={({ field }) => (
              <Segmented
                aria-label={t('integrations.caldav.provider')}
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
            title={t('integrations.caldav.icloudHint')}
          />
        ) : null}
        <Form.Item label={t('integrations.caldav.serverUrl')} required {...itemProps('serverUrl')}>
          <Controller
            name="serverUrl"
            control={control}
            render={({ field }) => (
              <Input {...field} id={idFor('serverUrl')} placeholder={SERVER_URL_EXAMPLE} inputMode="url" />
            )}
          />
        </Form.Item>
        <Form.Item label={t('integrations.caldav.username')} required {...itemProps('username')}>
          <Controller
            name="username"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('username')}
                autoComplete="username"
                placeholder={t(provider === 'icloud' ? 'integrations.caldav.appleId' : 'integrations.caldav.username')}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('integrations.caldav.password')} required {...itemProps('password')}>
          <Controller
            name="password"
            control={control}
            render={({ field }) => <Input.Password {...field} id={idFor('password')} autoComplete="new-password" />}
          />
        </Form.Item>
        <Form.Item
          label={t('integrations.caldav.calendarName')}
          {...itemProps('calendarName')}
          extra={t('integrations.caldav.calendarNameHint')}
        >
          <Controller
            name="calendarName"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('calendarName')}
                placeholder={t('integrations.caldav.calendarNamePlaceholder')}
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label={t('integrations.card.syncDirection')}
          {...itemProps('syncDirection')}
          style={{ marginBottom: 0 }}
        >
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
