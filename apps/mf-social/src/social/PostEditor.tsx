/** The editable preview of a post: its text, hashtags and image link, with the platform's live character count. */
import { useEffect, useEffectEvent, useMemo } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Flex, Form, Input, Typography, theme } from 'antd';
import {
  parseHashtags,
  postLength,
  SOCIAL_LENGTH_LIMITS,
  socialPreviewFormSchema,
  type SocialPost,
  type UpdateSocialPostPayload,
} from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { useFormFields } from '@aide/ui';
import { useT } from '../i18n';
import { IMAGE_URL_INVALID, localizedItem } from './formErrors';
import { platformLabel } from './socialView';

/** The image link's placeholder: the start of an address, the same in every language. */
const URL_PLACEHOLDER = 'https://';

/** The preview form: the contract's content and hashtags, plus the optional image link PATCH takes. */
export const previewSchema = socialPreviewFormSchema.extend({
  imageUrl: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: IMAGE_URL_INVALID }).max(2000)),
  ]),
});
export type PreviewValues = z.input<typeof previewSchema>;

export const previewValues = (post: SocialPost | null): PreviewValues => ({
  content: post?.content ?? '',
  hashtags: post ? post.hashtags.map((tag) => `#${tag}`).join(' ') : '',
  imageUrl: post?.imageUrl ?? '',
});

/** What socialEndpoints.update gets: only what changed (hashtags without '#'), or null when nothing did. */
export function changedFields(post: SocialPost, values: PreviewValues): UpdateSocialPostPayload | null {
  const payload: UpdateSocialPostPayload = {};
  const content = values.content.trim();
  const hashtags = parseHashtags(values.hashtags);
  const imageUrl = values.imageUrl.trim() || null;
  if (content !== post.content.trim()) payload.content = content;
  if (hashtags.join(' ') !== post.hashtags.join(' ')) payload.hashtags = hashtags;
  if (imageUrl !== (post.imageUrl ?? null)) payload.imageUrl = imageUrl;
  return Object.keys(payload).length ? payload : null;
}

export interface PostEditor {
  form: UseFormReturn<PreviewValues>;
  /** The composed post's length as the platform counts it, its limit, and the message when over. */
  length: number;
  limit: number;
  tooLong: string | null;
  /** The current text and hashtags (for Publish Now's clipboard copy). */
  content: string;
  hashtags: string[];
  /** Validates; answers the values, or null (the messages then show under the fields). */
  validated: () => Promise<PreviewValues | null>;
}

/** The preview form for `post`, reset whenever another post is edited or the dialog opens again. */
export function usePostEditor(post: SocialPost | null, open: boolean): PostEditor {
  const t = useT();
  const form = useForm<PreviewValues>({ resolver: zodResolver(previewSchema), defaultValues: previewValues(post) });
  const { reset } = form;
  // Only another post (or opening again) resets the form: a refetch of the same post must not wipe
  // the user's edits, so the post is read, not watched.
  const resetToPost = useEffectEvent(() => reset(previewValues(post)));
  useEffect(() => {
    if (open) resetToPost();
  }, [post?.id, open]);

  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const hashtagsText = useWatch({ control: form.control, name: 'hashtags' }) ?? '';
  const hashtags = useMemo(() => parseHashtags(hashtagsText), [hashtagsText]);
  const platform = post?.platform ?? 'twitter';

  const length = postLength(content, hashtags);
  const limit = SOCIAL_LENGTH_LIMITS[platform];
  return {
    form,
    length,
    limit,
    // The contracts' checkPostLength, in the language shown.
    tooLong:
      post && length > limit
        ? t('editor.tooLong', {
            platform: platformLabel(platform),
            limit: formatNumber(limit),
            length: formatNumber(length),
          })
        : null,
    content,
    hashtags,
    validated: () =>
      new Promise((resolve) => {
        void form.handleSubmit(
          (values) => resolve(values),
          () => resolve(null),
        )();
      }),
  };
}

/** The fields; the dialog around them owns the buttons. */
export function PostEditorFields({ editor, post }: { editor: PostEditor; post: SocialPost }) {
  const { token } = theme.useToken();
  const t = useT();
  const {
    form: {
      control,
      formState: { errors },
    },
    length,
    limit,
    tooLong,
  } = editor;
  const { idFor, itemProps } = useFormFields<keyof PreviewValues>(errors);
  const counterId = `${idFor('content')}-counter`;
  const contentItem = localizedItem(itemProps('content'), t);
  const hashtagsItem = localizedItem(itemProps('hashtags'), t);
  const imageItem = localizedItem(itemProps('imageUrl'), t);
  const label = platformLabel(post.platform);

  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label={t('editor.content')}
        required
        {...contentItem}
        validateStatus={contentItem.validateStatus ?? (tooLong ? 'error' : undefined)}
        help={contentItem.help ?? tooLong ?? undefined}
        style={{ marginBottom: token.marginSM }}
      >
        <Controller
          name="content"
          control={control}
          render={({ field }) => (
            <Input.TextArea
              {...field}
              id={idFor('content')}
              autoSize={{ minRows: 5, maxRows: 14 }}
              aria-describedby={counterId}
              aria-invalid={Boolean(tooLong || contentItem.help)}
            />
          )}
        />
      </Form.Item>
      <Form.Item
        label={t('editor.hashtags')}
        {...hashtagsItem}
        extra={hashtagsItem.help ? undefined : t('editor.hashtagsHelp')}
        style={{ marginBottom: token.marginSM }}
      >
        <Controller
          name="hashtags"
          control={control}
          render={({ field }) => (
            <Input
              {...field}
              id={idFor('hashtags')}
              placeholder={t('editor.hashtagsPlaceholder')}
              autoComplete="off"
              aria-describedby={counterId}
            />
          )}
        />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginTop: -token.marginXS, marginBottom: token.marginSM }}>
        <Typography.Text
          id={counterId}
          type={tooLong ? 'danger' : 'secondary'}
          strong={Boolean(tooLong)}
          className="aide-social-counter"
          data-over={tooLong ? 'true' : undefined}
          aria-label={t('editor.counter', {
            length: formatNumber(length),
            limit: formatNumber(limit),
            platform: label,
          })}
        >
          {`${formatNumber(length)} / ${formatNumber(limit)}`}
        </Typography.Text>
      </Flex>
      <Form.Item
        label={t('editor.imageUrl')}
        {...imageItem}
        extra={imageItem.help ? undefined : t('editor.imageUrlHelp')}
        style={{ marginBottom: 0 }}
      >
        <Controller
          name="imageUrl"
          control={control}
          render={({ field }) => (
            <Input {...field} id={idFor('imageUrl')} type="url" placeholder={URL_PLACEHOLDER} autoComplete="off" />
          )}
        />
      </Form.Item>
    </Form>
  );
}
