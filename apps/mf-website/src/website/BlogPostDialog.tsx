import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Flex, Form, Input, Modal, Select, Typography, theme } from 'antd';
import { addKeyword, blogPostFormSchema, WEBSITE_LIMITS, type BlogPostForm, type Website } from '@aide/contracts';
import { isEditingField, TagEntry, TagList, useFormFields } from '@aide/ui';
import { displayUrl } from './websiteView';
import { messageText, useT } from '../i18n';

type Field = keyof BlogPostForm;
const EMPTY: BlogPostForm = { websiteId: 0, topic: '', keywords: [] };

export interface BlogPostDialogProps {
  open: boolean;
  websites: readonly Website[];
  saving: boolean;
  onClose: () => void;
  /** Resolves true when it worked (the dialog then closes), false to stay open. */
  onSubmit: (site: Website, topic: string, keywords: string[]) => Promise<boolean>;
}

/** Create AI Blog Post (spec §2, §5): a website (submit waits for one), a topic and unique keywords added with Enter. */
export function BlogPostDialog({ open, websites, saving, onClose, onSubmit }: BlogPostDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<BlogPostForm>({
    resolver: zodResolver(blogPostFormSchema) as Resolver<BlogPostForm>,
    defaultValues: EMPTY,
  });
  const fields = useFormFields<Field>(errors);
  const { idFor } = fields;
  /** A field's Form.Item props, its error in the reader's language. */
  const itemProps = (name: Field) => {
    const props = fields.itemProps(name);
    return { ...props, help: messageText(props.help) };
  };
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);
  // The keyword being typed clears on each opening too (adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setKeyword('');
  }

  const websiteId = useWatch({ control, name: 'websiteId' });
  const keywords = useWatch({ control, name: 'keywords' });
  const site = websites.find((s) => s.id === websiteId) ?? null;

  const pushKeyword = () => {
    setValue('keywords', addKeyword(getValues('keywords'), keyword), { shouldValidate: Boolean(errors.keywords) });
    setKeyword('');
  };

  const submit = handleSubmit(async (values) => {
    const chosen = websites.find((s) => s.id === values.websiteId);
    if (saving || !chosen) return;
    if (await onSubmit(chosen, values.topic, values.keywords)) onClose();
  });

  /** A keyword typed but not yet added with Enter counts too. */
  const onOk = () => {
    if (keyword.trim()) pushKeyword();
    void submit();
  };

  const siteOptions = websites.map((s) => ({ value: s.id, label: s.name, title: displayUrl(s.url) }));
  return (
    <Modal
      open={open}
      title={t('blog.title')}
      okText={t('blog.create')}
      cancelText={t('blog.cancel')}
      confirmLoading={saving}
      // Spec §5: a website must be chosen, otherwise the submit button is disabled.
      okButtonProps={{ disabled: site === null }}
      onOk={onOk}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('websiteId')}
      width={{ xs: '100%', sm: '92%', md: 560 }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
        {t('blog.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => site && onOk()}>
        <Form.Item label={t('blog.website')} required {...itemProps('websiteId')}>
          <Controller
            name="websiteId"
            control={control}
            render={({ field }) => (
              <Select
                id={idFor('websiteId')}
                ref={field.ref}
                value={field.value || undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={siteOptions}
                placeholder={t('blog.websitePlaceholder')}
                optionRender={(option) => (
                  <Flex vertical>
                    <span>{option.data.label}</span>
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {option.data.title}
                    </Typography.Text>
                  </Flex>
                )}
                showSearch={{ optionFilterProp: 'label' }}
                aria-required
                virtual={false}
              />
            )}
          />
        </Form.Item>
        {site ? (
          <Alert
            type={site.wordpress.configured ? 'info' : 'success'}
            showIcon
            title={
              site.wordpress.configured
                ? site.wordpress.username
                  ? t('blog.toWordpressAs', { username: site.wordpress.username })
                  : t('blog.toWordpress')
                : t('blog.keptHere')
            }
            style={{ marginBottom: token.marginMD }}
            data-testid="blog-destination"
          />
        ) : null}
        <Form.Item label={t('blog.topic')} required {...itemProps('topic')}>
          <Controller
            name="topic"
            control={control}
            render={({ field }) => (
              <Input
                {...field}
                id={idFor('topic')}
                placeholder={t('blog.topicPlaceholder')}
                maxLength={WEBSITE_LIMITS.topicMax}
                aria-required
                autoComplete="off"
              />
            )}
          />
        </Form.Item>
        <Form.Item
          label={t('blog.keywords')}
          required
          {...itemProps('keywords')}
          extra={errors.keywords ? undefined : t('blog.keywordsHelp')}
          style={{ marginBottom: 0 }}
        >
          <TagEntry
            id={idFor('keywords')}
            draft={keyword}
            onDraftChange={setKeyword}
            onAdd={pushKeyword}
            placeholder={t('blog.keywordsPlaceholder')}
            maxLength={WEBSITE_LIMITS.keywordMax}
            disabled={keywords.length >= WEBSITE_LIMITS.keywordsMax}
            addLabel={t('blog.addKeyword')}
          />
        </Form.Item>
        <TagList
          label={t('blog.keywords')}
          items={keywords}
          removeLabel={(item) => t('blog.removeKeyword', { keyword: item })}
          onRemove={(item) =>
            setValue(
              'keywords',
              getValues('keywords').filter((existing) => existing !== item),
              { shouldValidate: Boolean(errors.keywords) },
            )
          }
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
