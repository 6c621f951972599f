import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Select, Typography, theme } from 'antd';
import {
  WEBSITE_LIMITS,
  WEBSITE_PLATFORM_LABELS,
  WEBSITE_PLATFORMS,
  websiteFormSchema,
  type WebsiteForm,
} from '@aide/contracts';
import { isEditingField, useFormFields } from '@aide/ui';
import type { NewWebsite } from './useWebsiteActions';
import { platformLabel, withScheme } from './websiteView';
import { messageText, useT } from '../i18n';

/** The platforms to choose from (brand names as they are; 'Custom' in the reader's language). */
export const platformOptions = () =>
  WEBSITE_PLATFORMS.map((value) => ({ value, label: platformLabel(value) ?? WEBSITE_PLATFORM_LABELS[value] }));

type Field = keyof WebsiteForm;
const EMPTY: WebsiteForm = { name: '', url: '', platform: '' };

/** The form's URL gets https:// when typed without a scheme, before the contract's schema judges it. */
export const websiteFormResolver =
  <T extends { url: string }>(resolver: Resolver<T>): Resolver<T> =>
  (values, context, options) =>
    resolver({ ...values, url: withScheme(values.url) }, context, options);

export interface AddWebsiteDialogProps {
  open: boolean;
  saving: boolean;
  onClose: () => void;
  /** Resolves true when it worked (the dialog then closes), false to stay open. */
  onSubmit: (site: NewWebsite) => Promise<boolean>;
}

/** Add New Website (spec §2, §5): name, URL and an optional platform. */
export function AddWebsiteDialog({ open, saving, onClose, onSubmit }: AddWebsiteDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    setValue,
    formState: { errors },
  } = useForm<WebsiteForm>({
    resolver: websiteFormResolver(zodResolver(websiteFormSchema) as Resolver<WebsiteForm>),
    defaultValues: EMPTY,
  });
  const fields = useFormFields<Field>(errors);
  const { idFor } = fields;
  /** A field's Form.Item props, its error in the reader's language. */
  const itemProps = (name: Field) => {
    const props = fields.itemProps(name);
    return { ...props, help: messageText(props.help) };
  };

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const submit = handleSubmit(async (values) => {
    if (saving) return;
    const parsed = websiteFormSchema.parse(values);
    if (await onSubmit({ name: parsed.name, url: parsed.url, platform: parsed.platform || null })) onClose();
  });

  return (
    <Modal
      open={open}
      title={t('add.title')}
      okText={t('add.add')}
      cancelText={t('add.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('name')}
      width={{ xs: '100%', sm: '92%', md: 520 }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
        {t('add.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('add.name')} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder={t('add.namePlaceholder')}
                maxLength={WEBSITE_LIMITS.nameMax}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label={t('add.url')}
          required
          {...itemProps('url')}
          extra={errors.url ? undefined : t('add.urlHelp')}
        >
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
        <Form.Item label={t('add.platform')} {...itemProps('platform')} style={{ marginBottom: 0 }}>
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
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
