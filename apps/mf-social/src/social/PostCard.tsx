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
  RetweetOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { SocialPost, SocialPostStatus } from '@aide/contracts';
import { PlatformTag } from './platforms';
import { compactNumber, platformLabel, postDateLong, postDateTime, STATUS_LABELS } from './socialView';

export const CARD_TEXT = {
  edit: 'Edit',
  schedule: 'Schedule',
  reschedule: 'Reschedule',
  unschedule: 'Unschedule',
  publishNow: 'Publish Now',
  delete: 'Delete',
  created: 'Created',
  scheduledFor: 'Scheduled for',
  published: 'Published',
  publishFailed: 'The last publish failed',
  likes: 'Likes',
  shares: 'Shares',
  comments: 'Comments',
  reach: 'Reach',
  figuresUpdated: (when: string) => `Figures last updated ${when}`,
  figuresPending: (platform: string) => `No figures yet: they are read from ${platform} shortly after publishing.`,
  sharedNote:
    'Shared through the platform’s share page: engagement figures come only from posts published through a connected account.',
  viewPost: 'View on',
  showMore: 'Show more',
  showLess: 'Show less',
} as const;

export type PostAction = 'edit' | 'schedule' | 'reschedule' | 'unschedule' | 'publish' | 'delete';

const STATUS_TAGS: Record<SocialPostStatus, { color: string; icon: ReactNode }> = {
  draft: { color: 'default', icon: <FileTextOutlined /> },
  scheduled: { color: 'processing', icon: <ClockCircleOutlined /> },
  published: { color: 'success', icon: <CheckCircleOutlined /> },
};

export function StatusTag({ status }: { status: SocialPostStatus }) {
  const { color, icon } = STATUS_TAGS[status];
  return (
    <Tag color={color} icon={icon} style={{ marginInlineEnd: 0 }}>
      {STATUS_LABELS[status]}
    </Tag>
  );
}

function When({ label, iso }: { label: string; iso: string }) {
  return (
    <Tooltip title={postDateLong(iso)}>
      <span>
        {label} <time dateTime={iso}>{postDateTime(iso)}</time>
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
  const [expanded, setExpanded] = useState(false);
  const long = post.content.length > LONG_POST;
  const label = platformLabel(post.platform);
  const name = `${label} ${STATUS_LABELS[post.status].toLowerCase()} post ${post.id}`;

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
    { key: 'likes', label: CARD_TEXT.likes, icon: <LikeOutlined aria-hidden />, value: post.engagement.likes },
    { key: 'shares', label: CARD_TEXT.shares, icon: <RetweetOutlined aria-hidden />, value: post.engagement.shares },
    {
      key: 'comments',
      label: CARD_TEXT.comments,
      icon: <CommentOutlined aria-hidden />,
      value: post.engagement.comments,
    },
    { key: 'reach', label: CARD_TEXT.reach, icon: <EyeOutlined aria-hidden />, value: post.engagement.reach },
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
        </Flex>

        <div>
          <Typography.Paragraph
            className={long && !expanded ? 'aide-social-content aide-social-content-clamped' : 'aide-social-content'}
            style={{ margin: 0 }}
          >
            {post.content}
          </Typography.Paragraph>
          {long ? (
            <Typography.Link
              onClick={() => setExpanded((on) => !on)}
              aria-expanded={expanded}
              style={{ fontSize: token.fontSizeSM }}
            >
              {expanded ? CARD_TEXT.showLess : CARD_TEXT.showMore}
            </Typography.Link>
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
          <When label={CARD_TEXT.created} iso={post.createdAt} />
          {post.status === 'scheduled' && post.scheduledAt ? (
            <span style={{ color: token.colorText }}>
              <CalendarOutlined aria-hidden /> <When label={CARD_TEXT.scheduledFor} iso={post.scheduledAt} />
            </span>
          ) : null}
          {post.status === 'published' && post.publishedAt ? (
            <When label={CARD_TEXT.published} iso={post.publishedAt} />
          ) : null}
        </Flex>

        {post.publishError && post.status !== 'published' ? (
          <Alert type="error" showIcon title={CARD_TEXT.publishFailed} description={post.publishError} />
        ) : null}

        {post.status === 'published' ? (
          <div>
            <dl className="aide-social-engagement" aria-label={`Engagement of ${name}`}>
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
                ? CARD_TEXT.sharedNote
                : post.engagementUpdatedAt
                  ? CARD_TEXT.figuresUpdated(postDateTime(post.engagementUpdatedAt))
                  : CARD_TEXT.figuresPending(label)}
            </Typography.Text>
            {post.externalUrl ? (
              <Typography.Link
                href={post.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                style={{ display: 'inline-block', marginTop: token.marginXS }}
              >
                <ExportOutlined aria-hidden /> {`${CARD_TEXT.viewPost} ${label}`}
              </Typography.Link>
            ) : null}
          </div>
        ) : null}

        {post.status !== 'published' ? (
          <Flex wrap gap={token.marginXS} style={{ marginTop: 'auto' }} role="group" aria-label={`Actions for ${name}`}>
            {post.status === 'draft'
              ? [
                  actionButton('publish', CARD_TEXT.publishNow, <SendOutlined />, { type: 'primary' }),
                  actionButton('schedule', CARD_TEXT.schedule, <CalendarOutlined />),
                  actionButton('edit', CARD_TEXT.edit, <EditOutlined />),
                ]
              : [
                  actionButton('reschedule', CARD_TEXT.reschedule, <CalendarOutlined />),
                  actionButton('unschedule', CARD_TEXT.unschedule, <RollbackOutlined />),
                  actionButton('edit', CARD_TEXT.edit, <EditOutlined />),
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
              {CARD_TEXT.delete}
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
              aria-label={`${CARD_TEXT.delete} ${name}`}
            >
              {CARD_TEXT.delete}
            </Button>
          </Flex>
        )}
      </Card>
    </article>
  );
}
