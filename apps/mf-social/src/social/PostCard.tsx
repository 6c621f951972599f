import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CommentOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  ExportOutlined,
  FileTextOutlined,
  LikeOutlined,
  LineChartOutlined,
  RetweetOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { RichText } from '@aide/i18n';
import type { SocialPost, SocialPostStatus } from '@aide/contracts';
import { useT } from '../i18n';
import { PlatformTag } from './platforms';
import { compactNumber, platformLabel, postDateLong, postDateTime, statusLabel } from './socialView';

export type PostAction = 'edit' | 'schedule' | 'reschedule' | 'unschedule' | 'publish' | 'delete';

const STATUS_TAGS: Record<SocialPostStatus, { color: string; icon: ReactNode }> = {
  draft: { color: 'default', icon: <FileTextOutlined /> },
  scheduled: { color: 'processing', icon: <ClockCircleOutlined /> },
  published: { color: 'success', icon: <CheckCircleOutlined /> },
};

export function StatusTag({ status }: { status: SocialPostStatus }) {
  useT(); // Renders again in another language.
  const { color, icon } = STATUS_TAGS[status];
  return (
    <Tag color={color} icon={icon} style={{ marginInlineEnd: 0 }}>
      {statusLabel(status)}
    </Tag>
  );
}

/** 'Created Mar 3, 2026 14:05': `text` is the sentence with the date in a <time> tag. */
function When({ text, iso }: { text: string; iso: string }) {
  return (
    <Tooltip title={postDateLong(iso)}>
      <span>
        <RichText text={text} components={{ time: (date) => <time dateTime={iso}>{date}</time> }} />
      </span>
    </Tooltip>
  );
}

/** Long posts show their first lines, with Show more. */
const LONG_POST = 320;

export interface PostCardProps {
  post: SocialPost;
  /** Disables the buttons while a change to this post is under way. */
  busy?: boolean;
  onAction: (action: PostAction) => void;
}

export function PostCard({ post, busy = false, onAction }: PostCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const long = post.content.length > LONG_POST;
  const label = platformLabel(post.platform);
  const name = t('card.name', { platform: label, status: post.status, id: post.id });
  const when = (key: 'card.created' | 'card.scheduledFor' | 'card.published', iso: string) => (
    <When text={t(key, { date: postDateTime(iso) })} iso={iso} />
  );

  const actionButton = (
    action: PostAction,
    text: string,
    icon: ReactNode,
    extra: { type?: 'primary'; danger?: boolean } = {},
  ) => (
    <Button key={action} size="small" icon={icon} disabled={busy} onClick={() => onAction(action)} {...extra}>
      {text}
    </Button>
  );

  const figures = [
    { key: 'likes', label: t('card.likes'), icon: <LikeOutlined aria-hidden />, value: post.engagement.likes },
    { key: 'shares', label: t('card.shares'), icon: <RetweetOutlined aria-hidden />, value: post.engagement.shares },
    {
      key: 'comments',
      label: t('card.comments'),
      icon: <CommentOutlined aria-hidden />,
      value: post.engagement.comments,
    },
    { key: 'reach', label: t('card.reach'), icon: <EyeOutlined aria-hidden />, value: post.engagement.reach },
  ];

  return (
    <article aria-label={name} data-testid={`post-${post.id}`} className="aide-social-card-frame">
      <Card
        className="aide-social-card"
        styles={{
          body: {
            display: 'flex',
            flexDirection: 'column',
            gap: token.marginSM,
            height: '100%',
            padding: token.padding,
          },
        }}
      >
        <Flex wrap align="center" gap={token.marginXXS}>
          <PlatformTag platform={post.platform} />
          <StatusTag status={post.status} />
          {post.campaign && post.visits !== null && (
            <Tooltip title={t('card.visitsHint', { campaign: post.campaign.campaign })}>
              <Tag color="blue" icon={<LineChartOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                {t('card.visits', { count: post.visits })}
              </Tag>
            </Tooltip>
          )}
        </Flex>

        <div>
          <Typography.Paragraph
            className={long && !expanded ? 'aide-social-content aide-social-content-clamped' : 'aide-social-content'}
            style={{ margin: 0 }}
          >
            {post.content}
          </Typography.Paragraph>
          {long ? (
            // A button (a link without an address cannot be reached with the keyboard).
            <Button
              type="link"
              size="small"
              onClick={() => setExpanded((on) => !on)}
              aria-expanded={expanded}
              className="aide-social-show-more"
            >
              {expanded ? t('card.showLess') : t('card.showMore')}
            </Button>
          ) : null}
          {post.hashtags.length ? (
            <p className="aide-social-hashtags">
              {post.hashtags.map((tag) => (
                <span key={tag}>#{tag}</span>
              ))}
            </p>
          ) : null}
        </div>

        <Flex vertical gap={2} className="aide-social-dates">
          {when('card.created', post.createdAt)}
          {post.status === 'scheduled' && post.scheduledAt ? (
            <span style={{ color: token.colorText }}>
              <CalendarOutlined aria-hidden /> {when('card.scheduledFor', post.scheduledAt)}
            </span>
          ) : null}
          {post.status === 'published' && post.publishedAt ? when('card.published', post.publishedAt) : null}
        </Flex>

        {post.publishError && post.status !== 'published' ? (
          <Alert type="error" showIcon title={t('card.publishFailed')} description={post.publishError} />
        ) : null}

        {post.status === 'published' ? (
          <div>
            <dl className="aide-social-engagement" aria-label={t('card.engagement', { name })}>
              {figures.map((figure) => (
                <div key={figure.key}>
                  <dt>
                    {figure.icon} {figure.label}
                  </dt>
                  <dd>{compactNumber(figure.value)}</dd>
                </div>
              ))}
            </dl>
            <Typography.Text
              type="secondary"
              style={{ fontSize: token.fontSizeSM, display: 'block', marginTop: token.marginXS }}
            >
              {post.publishMode === 'share'
                ? t('card.sharedNote')
                : post.engagementUpdatedAt
                  ? t('card.figuresUpdated', { when: postDateTime(post.engagementUpdatedAt) })
                  : t('card.figuresPending', { platform: label })}
            </Typography.Text>
            {post.externalUrl ? (
              <Typography.Link
                href={post.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                style={{ display: 'inline-block', marginTop: token.marginXS }}
              >
                <ExportOutlined aria-hidden /> {t('card.viewOn', { platform: label })}
              </Typography.Link>
            ) : null}
          </div>
        ) : null}

        {post.status !== 'published' ? (
          <Flex
            wrap
            gap={token.marginXS}
            style={{ marginTop: 'auto' }}
            role="group"
            aria-label={t('card.actions', { name })}
          >
            {post.status === 'draft'
              ? [
                  actionButton('publish', t('card.publishNow'), <SendOutlined />, { type: 'primary' }),
                  actionButton('schedule', t('card.schedule'), <CalendarOutlined />),
                  actionButton('edit', t('card.edit'), <EditOutlined />),
                ]
              : [
                  actionButton('reschedule', t('card.reschedule'), <CalendarOutlined />),
                  actionButton('unschedule', t('card.unschedule'), <RollbackOutlined />),
                  actionButton('edit', t('card.edit'), <EditOutlined />),
                ]}
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={busy}
              onClick={() => onAction('delete')}
              style={{ marginInlineStart: 'auto' }}
            >
              {t('card.delete')}
            </Button>
          </Flex>
        ) : (
          <Flex justify="flex-end" style={{ marginTop: 'auto' }}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={busy}
              onClick={() => onAction('delete')}
              aria-label={t('card.deleteNamed', { name })}
            >
              {t('card.delete')}
            </Button>
          </Flex>
        )}
      </Card>
    </article>
  );
}
