import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Modal, Tag, Typography, theme } from 'antd';
import { CheckCircleOutlined, LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, failureReason, invalidateAfter, isUnauthorizedError } from '@aide/api-client';
import {
  composePostText,
  type ResearchReport,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  type SocialPost,
  socialEndpoints,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '../i18n';

export interface CreatePostsDialogProps {
  report: ResearchReport;
  onClose: () => void;
}

/**
 * "Create posts" (issue 27): drafts one social post per chosen platform from the finished report's
 * own findings, linking to its best source (or the person's blog post on it), and shows them.
 */
export default function CreatePostsDialog({ report, onClose }: CreatePostsDialogProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const client = useQueryClient();
  const [platforms, setPlatforms] = useState<SocialPlatform[]>(['linkedin', 'twitter']);
  const create = useMutation({
    mutationFn: () =>
      callEndpoint(socialEndpoints.fromResearch, { body: { reportId: report.id, platforms } }) as Promise<SocialPost[]>,
    onSuccess: () => invalidateAfter(client, socialEndpoints.fromResearch),
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: t('posts.failed'), description: failureReason(error), variant: 'destructive' });
    },
  });
  const posts = create.data;

  return (
    <Modal
      open
      title={t('posts.title', { topic: report.topic })}
      onCancel={onClose}
      width={{ xs: '100%', sm: '90%', lg: 760 }}
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto' } }}
      footer={
        posts ? (
          <Button type="primary" onClick={onClose}>
            {t('posts.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={token.marginXS}>
            <Button onClick={onClose}>{t('posts.cancel')}</Button>
            <Button
              type="primary"
              icon={<ShareAltOutlined aria-hidden />}
              loading={create.isPending}
              disabled={!platforms.length}
              onClick={() => create.mutate()}
            >
              {t('posts.create')}
            </Button>
          </Flex>
        )
      }
    >
      {posts ? (
        <Flex vertical gap={token.marginSM}>
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleOutlined />}
            title={t('posts.created', { count: posts.length })}
          />
          {posts.map((post) => (
            <Card
              key={post.id}
              size="small"
              title={<Tag color="blue">{SOCIAL_PLATFORM_LABELS[post.platform]}</Tag>}
              aria-label={t('posts.cardLabel', { platform: SOCIAL_PLATFORM_LABELS[post.platform] })}
            >
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {composePostText(post.content, post.hashtags)}
              </Typography.Paragraph>
            </Card>
          ))}
          <Typography.Text type="secondary">
            <LinkOutlined aria-hidden /> {t('posts.whereNext')}
          </Typography.Text>
        </Flex>
      ) : (
        <Flex vertical gap={token.marginSM}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('posts.intro')}</Typography.Paragraph>
          <Checkbox.Group
            aria-label={t('posts.platforms')}
            value={platforms}
            onChange={(value) => setPlatforms(value as SocialPlatform[])}
            options={SOCIAL_PLATFORMS.map((platform) => ({ value: platform, label: SOCIAL_PLATFORM_LABELS[platform] }))}
          />
        </Flex>
      )}
    </Modal>
  );
}
