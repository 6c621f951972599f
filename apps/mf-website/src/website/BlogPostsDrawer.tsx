import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Collapse, Drawer, Flex, Popconfirm, Skeleton, Tag, Tooltip, Typography, theme } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  ExportOutlined,
  LineChartOutlined,
  NotificationOutlined,
  SendOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { failureReason } from '@aide/api-client';
import type { BlogPost, BlogPostStatus, Website } from '@aide/contracts';
import { EmptyState, EmptyText } from '@aide/ui';
import { useBlogPosts, usePublishBlogPost } from './useWebsites';
import { blogStatusLabel, formatCount, formatDateTime } from './websiteView';
import { messageText, useT } from '../i18n';

const STATUS_TAGS: Record<BlogPostStatus, { color: string; icon: ReactNode }> = {
  pending: { color: 'default', icon: <ClockCircleOutlined /> },
  writing: { color: 'processing', icon: <SyncOutlined spin /> },
  draft: { color: 'warning', icon: <EditOutlined /> },
  published: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

export function BlogStatusTag({ status }: { status: BlogPostStatus }) {
  useT(); // renders again in a new language
  const { color, icon } = STATUS_TAGS[status];
  return (
    <Tag color={color} icon={icon} style={{ marginInlineEnd: 0 }} data-status={status}>
      {blogStatusLabel(status)}
    </Tag>
  );
}

// The Markdown renderer and sanitiser load when a preview is first opened.
const PostPreview = lazy(() => import('./PostPreview'));
// The Promote step (issue 27) loads when the person opens it.
const BlogPromoteDialog = lazy(() => import('./BlogPromoteDialog'));

/** A written post with an address can be promoted on the social platforms. */
const promotable = (post: BlogPost) =>
  Boolean(post.wordpressUrl && post.content && (post.status === 'draft' || post.status === 'published'));

/** A written draft can be published on a site with a WordPress connection (issue 27). */
const publishable = (post: BlogPost, site: Website) =>
  Boolean(post.status === 'draft' && post.content && site.wordpress.configured);

function PostItem({ post, site }: { post: BlogPost; site: Website }) {
  const { token } = theme.useToken();
  const t = useT();
  const [promoting, setPromoting] = useState(false);
  const publish = usePublishBlogPost();
  return (
    <li className="aide-website-post" data-testid={`post-${post.id}`}>
      <Flex vertical gap={token.marginXXS}>
        <Flex justify="space-between" align="flex-start" gap={token.marginXS}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {post.title ?? post.topic}
          </Typography.Text>
          <Flex gap={token.marginXXS} wrap justify="end">
            {post.visits !== null ? (
              <Tooltip title={t('posts.visitsHint')}>
                <Tag color="blue" icon={<LineChartOutlined aria-hidden />} style={{ marginInlineEnd: 0 }}>
                  {t('posts.visits', { count: post.visits })}
                </Tag>
              </Tooltip>
            ) : null}
            <BlogStatusTag status={post.status} />
          </Flex>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {post.title ? `${post.topic} · ` : ''}
          <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
        </Typography.Text>
        {post.keywords.length ? (
          <Flex wrap gap={token.marginXXS} role="list" aria-label={t('posts.keywords')}>
            {post.keywords.map((keyword) => (
              <Tag key={keyword} role="listitem" variant="filled" style={{ marginInlineEnd: 0 }}>
                {keyword}
              </Tag>
            ))}
          </Flex>
        ) : null}
        {post.status === 'pending' || post.status === 'writing' ? (
          <Typography.Text type="secondary" role="status">
            {t('posts.writing')}
          </Typography.Text>
        ) : null}
        {post.status === 'failed' ? (
          <Alert type="error" showIcon title={t('posts.failedPost')} description={post.error ?? undefined} />
        ) : null}
        {post.wordpressUrl ? (
          <Typography.Link href={post.wordpressUrl} target="_blank" rel="noopener noreferrer">
            <ExportOutlined aria-hidden /> {t('posts.openWordpress')}
          </Typography.Link>
        ) : null}
        {publishable(post, site) || promotable(post) ? (
          <Flex gap={token.marginXS} wrap>
            {publishable(post, site) ? (
              <Popconfirm
                title={t('posts.publishConfirm')}
                description={t('posts.publishConfirmHint')}
                okText={t('posts.publish')}
                cancelText={t('posts.publishCancel')}
                // After a successful publish, the Promote step opens by itself.
                onConfirm={() =>
                  publish.mutateAsync(post.id).then(
                    () => setPromoting(true),
                    () => undefined, // shown below
                  )
                }
              >
                <Button size="small" type="primary" icon={<SendOutlined aria-hidden />} loading={publish.isPending}>
                  {t('posts.publish')}
                </Button>
              </Popconfirm>
            ) : null}
            {promotable(post) ? (
              <Button size="small" icon={<NotificationOutlined aria-hidden />} onClick={() => setPromoting(true)}>
                {t('posts.promote')}
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {publish.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('posts.publishFailed')}
            description={messageText(failureReason(publish.error))}
          />
        ) : null}
        {promoting ? (
          <Suspense fallback={null}>
            <BlogPromoteDialog post={post} onClose={() => setPromoting(false)} />
          </Suspense>
        ) : null}
        {post.content ? (
          <Collapse
            size="small"
            items={[
              {
                key: 'preview',
                label: t('posts.preview'),
                children: (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
                    <PostPreview content={post.content} />
                  </Suspense>
                ),
              },
            ]}
          />
        ) : null}
      </Flex>
    </li>
  );
}

/** The posts written for a site: title or topic, status, its WordPress link and a safe preview of its Markdown. */
export function BlogPostsDrawer({ site, open, onClose }: { site: Website | null; open: boolean; onClose: () => void }) {
  const t = useT();
  const posts = useBlogPosts(open && site ? site.id : null);
  const list = posts.data ?? [];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={
        site ? (
          <Flex vertical>
            <span>{t('posts.title', { count: formatCount(posts.data ? list.length : site.blogPosts) })}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {t('posts.subtitle', { name: site.name })}
            </Typography.Text>
          </Flex>
        ) : null
      }
      // Full width on a phone.
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {posts.isPending ? (
        <div aria-label={t('posts.loading')} aria-busy>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : posts.isError ? (
        <Alert type="error" showIcon title={t('posts.failed')} description={messageText(failureReason(posts.error))} />
      ) : list.length && site ? (
        <ul className="aide-website-posts">
          {list.map((post) => (
            <PostItem key={post.id} post={post} site={site} />
          ))}
        </ul>
      ) : (
        <EmptyState description={<EmptyText title={t('posts.empty')} hint={t('posts.emptyHint')} />} />
      )}
    </Drawer>
  );
}
