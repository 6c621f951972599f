/** Create Post: the platform, topic and tone (spec §5) → Generate → the editable preview. */
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Form, Input, Modal, Select, Steps, Typography, theme } from 'antd';
import { CalendarOutlined, SaveOutlined, SendOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  DEFAULT_SOCIAL_TONE,
  SOCIAL_LIMITS,
  SOCIAL_PLATFORMS,
  SOCIAL_TONES,
  socialPostFormSchema,
  type SocialPlatform,
  type SocialPost,
  type SocialPostForm,
  type SocialTone,
} from '@aide/contracts';
import { isEditingField, useFormFields } from '@aide/ui';
import { useT } from '../i18n';
import { localizedItem } from './formErrors';
import { PlatformIcon } from './platforms';
import { changedFields, PostEditorFields, usePostEditor } from './PostEditor';
import { platformLabel } from './socialView';
import type { SocialActions } from './useSocialActions';

const platformOptions = SOCIAL_PLATFORMS.map((value) => ({
  value,
  title: platformLabel(value),
  label: (
    <span>
      <PlatformIcon platform={value} /> {platformLabel(value)}
    </span>
  ),
}));
const emptyForm: SocialPostForm = { platform: '', topic: '', tone: DEFAULT_SOCIAL_TONE };

export interface CreatePostDialogProps {
  open: boolean;
  actions: SocialActions;
  /** Whether a platform has a connected account (Publish Now then needs no share page). */
  isConnected: (platform: SocialPlatform) => boolean;
  onClose: () => void;
  /** Schedule… : this dialog closes and the schedule dialog opens for the post. */
  onSchedule: (post: SocialPost) => void;
}

export function CreatePostDialog({ open, actions, isConnected, onClose, onSchedule }: CreatePostDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const toneOptions = SOCIAL_TONES.map((value: SocialTone) => ({ value, label: t(`tone.${value}`) }));
  const [post, setPost] = useState<SocialPost | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<SocialPostForm>({ resolver: zodResolver(socialPostFormSchema), defaultValues: emptyForm });
  const { idFor, itemProps } = useFormFields<keyof SocialPostForm>(errors);
  const editor = usePostEditor(post, open);

  // Each opening starts a new post: the preview goes (adjusted during render), the form resets.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPost(null);
  }
  useEffect(() => {
    if (open) reset(emptyForm);
  }, [open, reset]);

  const generate = handleSubmit(async (values) => {
    if (actions.creating) return;
    const created = await actions.create({
      platform: values.platform as SocialPlatform,
      topic: values.topic.trim(),
      tone: values.tone,
    });
    if (created) setPost(created);
  });

  /** Saves the preview's changes, if any, without a toast of its own; answers the post as saved. */
  const saveQuietly = async (): Promise<SocialPost | null> => {
    if (!post) return null;
    const values = await editor.validated();
    if (!values) return null;
    const payload = changedFields(post, values);
    if (!payload) return post;
    const saved = await actions.update(post, payload, { quiet: true });
    if (saved) setPost(saved);
    return saved;
  };

  const saveDraft = async () => {
    if (!post) return;
    const values = await editor.validated();
    if (!values) return;
    const payload = changedFields(post, values);
    if (!payload || (await actions.update(post, payload))) onClose();
  };

  const schedule = async () => {
    const saved = await saveQuietly();
    if (saved) {
      onClose();
      onSchedule(saved);
    }
  };

  // Synchronous up to the tab it may open (publishNow opens it before anything is awaited).
  const publish = () => {
    if (!post) return;
    void actions
      .publishNow(post, {
        connected: isConnected(post.platform),
        content: editor.content,
        hashtags: editor.hashtags,
        prepare: saveQuietly,
      })
      .then((ok) => ok && onClose());
  };

  const busy = actions.updating || actions.publishing;
  const topicItem = localizedItem(itemProps('topic'), t);
  const footer = post
    ? [
        <Button key="close" onClick={onClose}>
          {t('create.close')}
        </Button>,
        <Button
          key="save"
          icon={<SaveOutlined />}
          disabled={Boolean(editor.tooLong) || busy}
          loading={actions.updating && !actions.publishing}
          onClick={() => void saveDraft()}
        >
          {t('create.saveDraft')}
        </Button>,
        <Button
          key="schedule"
          icon={<CalendarOutlined />}
          disabled={Boolean(editor.tooLong) || busy}
          onClick={() => void schedule()}
        >
          {t('create.schedule')}
        </Button>,
        <Button
          key="publish"
          type="primary"
          icon={<SendOutlined />}
          disabled={Boolean(editor.tooLong) || busy}
          loading={actions.publishing}
          onClick={publish}
        >
          {t('create.publishNow')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('create.cancel')}
        </Button>,
        <Button
          key="generate"
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={actions.creating}
          onClick={() => void generate()}
        >
          {t('create.generate')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('create.title')}
      footer={
        <Flex wrap justify="flex-end" gap={token.marginXS}>
          {footer}
        </Flex>
      }
      onCancel={onClose}
      afterOpenChange={(visible) => visible && !isEditingField() && setFocus('platform')}
      width={{ xs: '100%', sm: '92%', md: 640 }}
      destroyOnHidden
      mask={{ closable: !post }}
    >
      <Steps
        size="small"
        current={post ? 1 : 0}
        items={[{ title: t('create.stepDetails') }, { title: t('create.stepPreview') }]}
        style={{ margin: `${token.marginMD}px 0` }}
        responsive={false}
      />
      {post ? (
        <>
          <Typography.Paragraph type="secondary">{t('create.previewHint')}</Typography.Paragraph>
          <PostEditorFields editor={editor} post={post} />
        </>
      ) : (
        <Form layout="vertical" onFinish={() => void generate()} aria-busy={actions.creating || undefined}>
          <Form.Item label={t('create.platform')} required {...localizedItem(itemProps('platform'), t)}>
            <Controller
              name="platform"
              control={control}
              render={({ field }) => (
                <Select
                  id={idFor('platform')}
                  // react-hook-form focuses a field in a timer; by then the picker may be gone
                  // (the post generated), and antd's focus() on an unmounted Select throws.
                  ref={(select) =>
                    field.ref(select && { focus: () => select.nativeElement?.isConnected && select.focus() })
                  }
                  value={field.value || undefined}
                  placeholder={t('create.platformPlaceholder')}
                  onChange={(value: SocialPlatform) => field.onChange(value)}
                  onBlur={field.onBlur}
                  options={platformOptions}
                  virtual={false}
                  aria-required
                />
              )}
            />
          </Form.Item>
          <Form.Item
            label={t('create.topic')}
            required
            {...topicItem}
            extra={topicItem.help ? undefined : t('create.topicHelp')}
          >
            <Controller
              name="topic"
              control={control}
              render={({ field }) => (
                <Input.TextArea
                  {...field}
                  id={idFor('topic')}
                  placeholder={t('create.topicPlaceholder')}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={SOCIAL_LIMITS.topicMax}
                  aria-required
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                      event.preventDefault();
                      void generate();
                    }
                  }}
                />
              )}
            />
          </Form.Item>
          <Form.Item label={t('create.tone')} {...localizedItem(itemProps('tone'), t)} style={{ marginBottom: 0 }}>
            <Controller
              name="tone"
              control={control}
              render={({ field }) => (
                <Select
                  id={idFor('tone')}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={toneOptions}
                  virtual={false}
                />
              )}
            />
          </Form.Item>
          {actions.creating ? (
            <Typography.Paragraph type="secondary" role="status" style={{ margin: `${token.marginSM}px 0 0` }}>
              {t('create.generating')}
            </Typography.Paragraph>
          ) : null}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      )}
    </Modal>
  );
}

export interface EditPostDialogProps {
  open: boolean;
  post: SocialPost | null;
  actions: SocialActions;
  onClose: () => void;
  /** After the dialog has gone (where the focus goes back to). */
  afterClose?: () => void;
}

/** Edit: the same preview editor, saved with socialEndpoints.update. */
export function EditPostDialog({ open, post, actions, onClose, afterClose }: EditPostDialogProps) {
  const t = useT();
  const editor = usePostEditor(post, open);
  const save = async () => {
    if (!post || actions.updating) return;
    const values = await editor.validated();
    if (!values) return;
    const payload = changedFields(post, values);
    if (!payload || (await actions.update(post, payload))) onClose();
  };
  return (
    <Modal
      open={open}
      title={post ? t('edit.titleFor', { platform: platformLabel(post.platform) }) : t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      okButtonProps={{ disabled: Boolean(editor.tooLong) }}
      confirmLoading={actions.updating}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={afterClose}
      width={{ xs: '100%', sm: '92%', md: 640 }}
      destroyOnHidden
    >
      {post ? <PostEditorFields editor={editor} post={post} /> : null}
    </Modal>
  );
}
