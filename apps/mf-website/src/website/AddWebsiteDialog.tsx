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
import { withScheme } from './websiteView';

export const ADD_TEXT = {
  title: 'Add New Website',
  add: 'Add Website',
  cancel: 'Cancel',
  name: 'Name',
  namePlaceholder: 'e.g. My Blog',
  url: 'URL',
  urlPlaceholder: 'https://example.com',
  urlHelp: 'The home page Aide checks for uptime, audits for SEO and backs up.',
  platform: 'Platform',
  platformPlaceholder: 'Select a platform (optional)',
  intro:
    'Aide starts checking the site’s uptime right away. Add its tracking snippet (shown on the Analytics tab) to count visitors.',
} as const;

export const platformOptions = WEBSITE_PLATFORMS.map((value) => ({ value, label: WEBSITE_PLATFORM_LABELS[value] }));

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
  const { idFor, itemProps } = useFormFields<Field>(errors);

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
      title={ADD_TEXT.title}
      okText={ADD_TEXT.add}
      cancelText={ADD_TEXT.cancel}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('name')}
      width={{ xs: '100%', sm: '92%', md: 520 }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
        {ADD_TEXT.intro}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={ADD_TEXT.name} required {...itemProps('name')}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('name')}
                placeholder={ADD_TEXT.namePlaceholder}
                maxLength={WEBSITE_LIMITS.nameMax}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label={ADD_TEXT.url}
          required
          {...itemProps('url')}
          extra={errors.url ? undefined : ADD_TEXT.urlHelp}
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
                placeholder={ADD_TEXT.urlPlaceholder}
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
        <Form.Item label={ADD_TEXT.platform} {...itemProps('platform')} style={{ marginBottom: 0 }}>
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
                options={platformOptions}
                placeholder={ADD_TEXT.platformPlaceholder}
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
