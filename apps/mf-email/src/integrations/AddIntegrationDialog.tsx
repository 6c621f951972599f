import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Segmented, Typography, theme } from 'antd';
import { isUnauthorizedError } from '@aide/api-client';
import {
  EMAIL_PROVIDER_PRESETS,
  EMAIL_PROVIDERS,
  EMAIL_SYNC_FREQUENCY,
  createEmailIntegrationSchema,
  type CreateEmailIntegrationPayload,
  type EmailProvider,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useFormFields } from '@aide/ui';
import { serverMessage } from '../shared/emailText';
import { PROVIDER_LABELS } from '../shared/labels';
import { textsOf, useT } from '../i18n';
import { SyncSettingsFields, type SyncSettingsValues } from './SyncSettingsFields';
import { gmailOAuthUrl, useCreateEmailIntegration, useEmailOAuthAvailability } from './useEmailIntegrations';

// Spec §8 texts, read in the language active when shown.
export const ADD_TEXT = textsOf({
  created: 'add.created',
  createFailed: 'add.createFailed',
});

/** Brand and protocol names: the same in every language. */
const PROVIDER_SHORT: Record<EmailProvider, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo',
  imap: 'IMAP',
};

/** Examples of what a field takes; the same in every language. */
const EXAMPLE_ADDRESS = 'you@example.com';
const EXAMPLE_HOSTS = { imap: 'imap.example.com', smtp: 'smtp.example.com' } as const;

/** The form as edited: optional text fields start blank, ports empty until typed. */
export interface AddIntegrationValues {
  provider: EmailProvider;
  email: string;
  displayName: string;
  username: string;
  password: string;
  imapHost: string;
  imapPort?: number;
  smtpHost: string;
  smtpPort?: number;
  syncFrequency: number;
  autoRespond: boolean;
  autoCategories: boolean;
}

/** Spec §5 defaults: sync every 300 s, auto-respond off, auto-categories on. */
export const ADD_DEFAULTS: AddIntegrationValues = {
  provider: 'gmail',
  email: '',
  displayName: '',
  username: '',
  password: '',
  imapHost: '',
  smtpHost: '',
  syncFrequency: EMAIL_SYNC_FREQUENCY.default,
  autoRespond: false,
  autoCategories: true,
};

/**
 * The POST body from the validated form: blank optional fields left out, and the server fields
 * only for the imap provider (gmail, outlook and yahoo are presets).
 */
export function toCreatePayload(values: CreateEmailIntegrationPayload): CreateEmailIntegrationPayload {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  const payload: CreateEmailIntegrationPayload = {
    provider: values.provider,
    email: values.email,
    password: values.password,
    syncFrequency: values.syncFrequency,
    autoRespond: values.autoRespond,
    autoCategories: values.autoCategories,
  };
  const displayName = blankToUndefined(values.displayName);
  if (displayName) payload.displayName = displayName;
  if (values.provider === 'imap') {
    const username = blankToUndefined(values.username);
    if (username) payload.username = username;
    const imapHost = blankToUndefined(values.imapHost);
    const smtpHost = blankToUndefined(values.smtpHost);
    if (imapHost) payload.imapHost = imapHost;
    if (values.imapPort) payload.imapPort = values.imapPort;
    if (smtpHost) payload.smtpHost = smtpHost;
    if (values.smtpPort) payload.smtpPort = values.smtpPort;
  }
  return payload;
}

const providerOptions = EMAIL_PROVIDERS.map((value) => ({ value, label: PROVIDER_SHORT[value] }));

export interface AddIntegrationDialogProps {
  open: boolean;
  onClose: () => void;
}

export function AddIntegrationDialog({ open, onClose }: AddIntegrationDialogProps) {
  const t = useT();
  const { toast } = useHost();
  const { token } = theme.useToken();
  const create = useCreateEmailIntegration();
  const oauth = useEmailOAuthAvailability(open);
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<AddIntegrationValues, unknown, CreateEmailIntegrationPayload>({
    resolver: zodResolver(createEmailIntegrationSchema) as never,
    defaultValues: ADD_DEFAULTS,
  });
  const { idFor, itemProps } = useFormFields<FieldPath<AddIntegrationValues>>(errors);

  useEffect(() => {
    if (open) reset(ADD_DEFAULTS);
  }, [open, reset]);

  const provider = useWatch({ control, name: 'provider' });
  // Spec §7: gmail goes through Google's consent screen when the server can do OAuth; otherwise
  // (or when the question fails) it asks for an app password like the others.
  const gmailOAuth = provider === 'gmail' && oauth.data?.gmail === true;

  const submit = handleSubmit(async (values) => {
    if (create.isPending) return;
    try {
      await create.mutateAsync(toCreatePayload(values));
      toast({ title: ADD_TEXT.created });
      onClose();
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: ADD_TEXT.createFailed,
          description: serverMessage(error, ADD_TEXT.createFailed),
          variant: 'destructive',
        });
    }
  });

  const onOk = () => {
    // Back to this screen (email or calendar) after Google's consent page.
    if (gmailOAuth) window.location.assign(gmailOAuthUrl(window.location.pathname));
    else void submit();
  };

  const preset = provider === 'imap' ? null : EMAIL_PROVIDER_PRESETS[provider];

  return (
    <Modal
      open={open}
      title={t('add.title')}
      okText={gmailOAuth ? t('add.continueWithGoogle') : t('add.connect')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: provider === 'gmail' && oauth.isPending && oauth.fetchStatus === 'fetching' }}
      onOk={onOk}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('email')}
      width={{ xs: '100%', sm: '92%', md: 600 }}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={onOk}>
        <Form.Item label={t('add.provider')}>
          <Controller
            name="provider"
            control={control}
            render={({ field }) => (
              <Segmented
                aria-label={t('add.provider')}
                block
                value={field.value}
                options={providerOptions}
                onChange={field.onChange}
              />
            )}
          />
        </Form.Item>

        {gmailOAuth ? (
          <Alert type="info" showIcon title={t('add.gmailTitle')} description={t('add.gmailText')} />
        ) : (
          <>
            <Form.Item label={t('add.email')} required {...itemProps('email')}>
              <Controller
                name="email"
                control={control}
                render={({ field }) => (
                  <Input
                    {...field}
                    id={idFor('email')}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    placeholder={EXAMPLE_ADDRESS}
                  />
                )}
              />
            </Form.Item>
            <Form.Item label={t('add.displayName')} {...itemProps('displayName')}>
              <Controller
                name="displayName"
                control={control}
                render={({ field }) => (
                  <Input
                    {...field}
                    id={idFor('displayName')}
                    autoComplete="name"
                    placeholder={t('add.displayNamePlaceholder')}
                  />
                )}
              />
            </Form.Item>
            {provider === 'imap' ? (
              <Form.Item label={t('add.username')} {...itemProps('username')} extra={t('add.usernameHelp')}>
                <Controller
                  name="username"
                  control={control}
                  render={({ field }) => <Input {...field} id={idFor('username')} autoComplete="username" />}
                />
              </Form.Item>
            ) : null}
            <Form.Item
              label={provider === 'imap' ? t('add.password') : t('add.appPassword')}
              required
              {...itemProps('password')}
              extra={t(`add.passwordHelp.${provider}`)}
            >
              <Controller
                name="password"
                control={control}
                render={({ field }) => <Input.Password {...field} id={idFor('password')} autoComplete="new-password" />}
              />
            </Form.Item>
            {provider === 'imap' ? (
              <ServerFields control={control} idFor={idFor} itemProps={itemProps} />
            ) : preset ? (
              <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM, marginTop: -token.marginXS }}>
                {t('add.preset', {
                  provider: PROVIDER_LABELS[provider],
                  imap: `${preset.imap.host}:${preset.imap.port}`,
                  smtp: `${preset.smtp.host}:${preset.smtp.port}`,
                })}
              </Typography.Paragraph>
            ) : null}
            <SyncSettingsFields
              control={control as unknown as Control<SyncSettingsValues>}
              idFor={idFor}
              itemProps={itemProps}
            />
          </>
        )}
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

type FieldHelpers = ReturnType<typeof useFormFields<FieldPath<AddIntegrationValues>>>;

/** Spec §5: the host and port fields appear only for the imap provider, and are optional. */
function ServerFields({
  control,
  idFor,
  itemProps,
}: { control: Control<AddIntegrationValues, unknown, CreateEmailIntegrationPayload> } & FieldHelpers) {
  const t = useT();
  const row = (
    host: 'imapHost' | 'smtpHost',
    port: 'imapPort' | 'smtpPort',
    label: string,
    placeholder: string,
    defaultPort: number,
  ) => (
    <Row gutter={12}>
      <Col xs={16}>
        <Form.Item label={t('add.host', { protocol: label })} {...itemProps(host)}>
          <Controller
            name={host}
            control={control}
            render={({ field }) => (
              <Input {...field} id={idFor(host)} placeholder={placeholder} autoCapitalize="off" spellCheck={false} />
            )}
          />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item label={t('add.port', { protocol: label })} {...itemProps(port)}>
          <Controller
            name={port}
            control={control}
            render={({ field }) => (
              <InputNumber
                id={idFor(port)}
                ref={field.ref}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? undefined)}
                onBlur={field.onBlur}
                min={1}
                max={65535}
                precision={0}
                controls={false}
                placeholder={String(defaultPort)}
                style={{ width: '100%' }}
              />
            )}
          />
        </Form.Item>
      </Col>
    </Row>
  );
  return (
    <>
      {row('imapHost', 'imapPort', 'IMAP', EXAMPLE_HOSTS.imap, 993)}
      {row('smtpHost', 'smtpPort', 'SMTP', EXAMPLE_HOSTS.smtp, 465)}
    </>
  );
}
