import { useEffect, useEffectEvent } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Flex, Form, Input, Modal, Select, Switch, Typography, theme } from 'antd';
import { DisconnectOutlined, UndoOutlined } from '@ant-design/icons';
import { WEBSITE_LIMITS, type UpdateWebsitePayload, type Website } from '@aide/contracts';
import { isEditingField, useFormFields } from '@aide/ui';
import { platformOptions, websiteFormResolver } from './AddWebsiteDialog';
import {
  settingsFormValues,
  settingsPayload,
  websiteSettingsFormSchema,
  type WebsiteSettingsForm,
} from './settingsForm';
import { withScheme } from './websiteView';
import { messageText, useT } from '../i18n';

type Field = keyof WebsiteSettingsForm;

export interface WebsiteSettingsDialogProps {
  open: boolean;
  site: Website | null;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when it worked (the dialog then closes), false to stay open. */
  onSubmit: (payload: UpdateWebsitePayload) => Promise<boolean>;
}

/** The Settings action (DECISIONS): name, URL, platform, Active, and the WordPress connection. */
export function WebsiteSettingsDialog({ open, site, saving, onClose, onSubmit }: WebsiteSettingsDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<WebsiteSettingsForm>({
    resolver: websiteFormResolver(zodResolver(websiteSettingsFormSchema) as unknown as Resolver<WebsiteSettingsForm>),
    defaultValues: site ? settingsFormValues(site) : undefined,
  });
  const fields = useFormFields<Field>(errors);
  const { idFor } = fields;
  /** A field's Form.Item props, its error in the reader's language. */
  const itemProps = (name: Field) => {
    const props = fields.itemProps(name);
    return { ...props, help: messageText(props.help) };
  };

  // When it opens (or turns to another site): a refetch while it is open (the live stream) must not wipe the edits.
  const siteId = site?.id ?? null;
  const resetToSite = useEffectEvent(() => {
    if (site) reset(settingsFormValues(site));
  });
  useEffect(() => {
    if (open) resetToSite();
  }, [open, siteId]);

  const submit = handleSubmit(async (values) => {
    if (saving || !site) return;
    const payload = settingsPayload(site, values);
    // Nothing changed: nothing to send.
    if (!payload || (await onSubmit(payload))) onClose();
  });

  const platform = useWatch({ control, name: 'platform' });
  const removing = useWatch({ control, name: 'removeWordpress' });
  const configured = site?.wordpress.configured ?? false;
  const showWordpress = configured || platform === 'wordpress';

  return (
    <Modal
      open={open}
      title={site ? t('settings.title', { name: site.name }) : null}
      okText={t('settings.save')}
      cancelText={t('settings.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('name')}
      width={{ xs: '100%', sm: '92%', md: 560 }}
      destroyOnHidden
    >
      <Form layout="vertical" style={{ marginTop: token.marginMD }} onFinish={() => void submit()}>
        <Form.Item label={t('add.name')} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                maxLength={WEBSITE_LIMITS.nameMax}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('add.url')} required {...itemProps('url')}>
          <Controller
            name="url"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('url')}
                type="url"
                inputMode="url"
                placeholder={t('add.urlPlaceholder')}
                maxLength={WEBSITE_LIMITS.urlMax}
                aria-required
                autoComplete="url"
                onBlur={() => {
                  field.onBlur();
                  if (field.value !== withScheme(field.value)) setValue('url', withScheme(field.value));
                }}
              />
            )}
          />
        </Form.Item>
        <Form.Item label={t('add.platform')} {...itemProps('platform')}>
          <Controller
            name="platform"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('platform')}
                ref={field.ref}
                value={field.value || undefined}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                options={platformOptions()}
                placeholder={t('add.platformPlaceholder')}
                allowClear
                virtual={false}
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label={t('settings.active')}
          {...itemProps('isActive')}
          extra={t('settings.activeHelp')}
          style={{ marginBottom: showWordpress ? undefined : 0 }}
        >
          <Controller
            name="isActive"
            control={control}
            render={({ field }) => (
              <Switch id={idFor('isActive')} ref={field.ref} checked={field.value} onChange={field.onChange} />
            )}
          />
        </Form.Item>

        {showWordpress ? (
          <section aria-label={t('settings.wordpress')}>
            <Divider titlePlacement="start" style={{ marginTop: 0 }}>
              {t('settings.wordpress')}
            </Divider>
            <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {configured && !removing
                ? site?.wordpress.username
                  ? t('settings.connectedAs', { username: site.wordpress.username })
                  : t('settings.connected')
                : t('settings.wordpressHelp')}
            </Typography.Paragraph>
            {removing ? (
              <Alert
                type="warning"
                showIcon
                title={t('settings.removing')}
                action={
                  <Button size="small" icon={<UndoOutlined />} onClick={() => setValue('removeWordpress', false)}>
                    {t('settings.undo')}
                  </Button>
                }
              />
            ) : (
              <>
                <Flex gap={token.marginSM} wrap>
                  <Form.Item
                    label={t('settings.username')}
                    {...itemProps('wordpressUsername')}
                    style={{ flex: '1 1 200px', minWidth: 0 }}
                  >
                    <Controller
                      name="wordpressUsername"
                      control={control}
                      render={({ field }) => (
                        <Input {...field} id={idFor('wordpressUsername')} maxLength={200} autoComplete="off" />
                      )}
                    />
                  </Form.Item>
                  <Form.Item
                    label={t('settings.password')}
                    {...itemProps('wordpressPassword')}
                    style={{ flex: '1 1 200px', minWidth: 0 }}
                  >
                    <Controller
                      name="wordpressPassword"
                      control={control}
                      render={({ field }) => (
                        <Input.Password
                          {...field}
                          id={idFor('wordpressPassword')}
                          maxLength={200}
                          autoComplete="new-password"
                          placeholder={configured ? t('settings.keepPassword') : t('settings.passwordPlaceholder')}
                        />
                      )}
                    />
                  </Form.Item>
                </Flex>
                {configured ? (
                  <Button
                    danger
                    size="small"
                    icon={<DisconnectOutlined />}
                    onClick={() => setValue('removeWordpress', true)}
                  >
                    {t('settings.remove')}
                  </Button>
                ) : null}
              </>
            )}
          </section>
        ) : null}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
