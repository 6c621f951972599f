import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Modal, Skeleton, Tag, Typography, theme } from 'antd';
import { CheckCircleOutlined, LinkOutlined, NotificationOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, failureReason, invalidateAfter, isUnauthorizedError } from '@aide/api-client';
import {
  type BlogPost,
  type BlogPromotion,
  composePostText,
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
  type SocialPost,
  socialEndpoints,
  websitesEndpoints,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useT } from '../i18n';

export interface BlogPromoteDialogProps {
  /** What the dialog names and asks the promotion of (a post from the list, or one named by /website?promote=id). */
  post: Pick<BlogPost, 'id' | 'title' | 'topic'>;
  onClose: () => void;
}

/**
 * The Promote step (issue 27): once a blog post has an address, the posts offered for each
 * platform, each linking to it with its own UTM tags; the chosen ones are kept as social drafts
 * that carry their campaign, so each later shows the visits it brought.
 */
export default function BlogPromoteDialog({ post, onClose }: BlogPromoteDialogProps) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const client = useQueryClient();
  const promotion = useQuery({
    queryKey: ['blog-promotion', post.id],
    queryFn: () => callEndpoint(websitesEndpoints.blogPromotion, { params: { id: post.id } }) as Promise<BlogPromotion>,
  });
  const [unchosen, setUnchosen] = useState<SocialPlatform[]>([]);
  const chosen = (promotion.data?.posts ?? []).filter((offered) => !unchosen.includes(offered.platform));
  const keep = useMutation({
    mutationFn: () =>
      callEndpoint(socialEndpoints.createDrafts, {
        body: {
          posts: chosen.map(({ platform, topic, content, hashtags, campaign }) => ({
            platform,
            topic,
            content,
            hashtags,
            campaign,
          })),
        },
      }) as Promise<SocialPost[]>,
    onSuccess: () => invalidateAfter(client, socialEndpoints.createDrafts),
    onError: (error) => {
      if (!isUnauthorizedError(error))
        toast({ title: t('promote.failed'), description: failureReason(error), variant: 'destructive' });
    },
  });

  const body = () => {
    if (promotion.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (promotion.isError)
      return (
        <Alert type="error" showIcon title={t('promote.loadFailed')} description={failureReason(promotion.error)} />
      );
    if (keep.data)
      return (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleOutlined />}
          title={t('promote.kept', { count: keep.data.length })}
          description={t('promote.keptHint')}
        />
      );
    return (
      <Flex vertical gap={token.marginSM}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('promote.intro')}</Typography.Paragraph>
        {promotion.data.posts.map((offered) => {
          const label = SOCIAL_PLATFORM_LABELS[offered.platform];
          const on = !unchosen.includes(offered.platform);
          return (
            <Card
              key={offered.platform}
              size="small"
              title={
                <Checkbox
                  checked={on}
                  onChange={(event) =>
                    setUnchosen((list) =>
                      event.target.checked
                        ? list.filter((platform) => platform !== offered.platform)
                        : [...list, offered.platform],
                    )
                  }
                >
                  {t('promote.postFor', { platform: label })}
                </Checkbox>
              }
              extra={
                <Tag color="blue" icon={<LinkOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                  {t('promote.source', { source: offered.campaign.source })}
                </Tag>
              }
              style={{ opacity: on ? 1 : 0.6 }}
            >
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                {composePostText(offered.content, offered.hashtags)}
              </Typography.Paragraph>
            </Card>
          );
        })}
      </Flex>
    );
  };

  return (
    <Modal
      open
      title={t('promote.title', { title: post.title ?? post.topic })}
      onCancel={onClose}
      width={{ xs: '100%', sm: '90%', lg: 760 }}
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto' } }}
      footer={
        keep.data ? (
          <Button type="primary" onClick={onClose}>
            {t('promote.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={token.marginXS}>
            <Button onClick={onClose}>{t('promote.cancel')}</Button>
            <Button
              type="primary"
              icon={<NotificationOutlined aria-hidden />}
              loading={keep.isPending}
              disabled={!chosen.length}
              onClick={() => keep.mutate()}
            >
              {t('promote.keep', { count: chosen.length })}
            </Button>
          </Flex>
        )
      }
    >
      {body()}
    </Modal>
  );
}
