import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Col, Flex, Grid, Modal, Row, Segmented, Skeleton, Tabs, theme } from 'antd';
import { CalendarOutlined, PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { SOCIAL_PLATFORMS, type SocialPlatform, type SocialPost } from '@aide/contracts';
import { useFetchFailureToast, useHost } from '@aide/module-kit';
import { EmptyState, EmptyText, FetchErrorAlert, PageHeader, useConfirm, VisuallyHidden } from '@aide/ui';
import { t as translate, useT } from '../i18n';
import './social.css';
import { CreatePostDialog, EditPostDialog } from './CreatePostDialog';
import { PlatformStatCard } from './PlatformStatCard';
import { PostCalendar } from './PostCalendar';
import { PostCard, type PostAction } from './PostCard';
import { ScheduleDialog } from './ScheduleDialog';
import { platformLabel, POST_TABS, postsInTab, tabCounts, type PostTab } from './socialView';
import { useSocialAccounts, useSocialPosts, useSocialStats } from './useSocial';
import { ACTION_TEXT, useSocialActions } from './useSocialActions';

/**
 * A dialog about a post has closed: when the button that opened it is gone (scheduling turns Schedule
 * into Reschedule), the focus goes to the post's card instead of being lost.
 */
const focusPost = (id: number | undefined, { always = false } = {}) => {
  const active = document.activeElement;
  if (id === undefined || (!always && active && active !== document.body && active.isConnected)) return;
  document.querySelector<HTMLElement>(`[data-testid="post-${id}"] button:not(:disabled)`)?.focus();
};

interface DialogState {
  open: boolean;
  /** Kept while the dialog closes, so its contents do not change mid-animation. */
  post: SocialPost | null;
}
const closed: DialogState = { open: false, post: null };

const isPlatform = (value: string | null): value is SocialPlatform =>
  SOCIAL_PLATFORMS.includes(value as SocialPlatform);

export default function SocialPage() {
  const { token } = theme.useToken();
  const t = useT();
  const screens = Grid.useBreakpoint();
  const confirm = useConfirm();
  const { toast } = useHost();
  const [params, setParams] = useSearchParams();

  const list = useSocialPosts();
  const stats = useSocialStats();
  const accounts = useSocialAccounts();
  const actions = useSocialActions();
  const posts = list.data ?? [];

  const [tab, setTab] = useState<PostTab>('all');
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [createOpen, setCreateOpen] = useState(false);
  const [edit, setEdit] = useState<DialogState>(closed);
  const [schedule, setSchedule] = useState<DialogState>(closed);
  const [viewing, setViewing] = useState<DialogState>(closed);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [connecting, setConnecting] = useState<SocialPlatform | null>(null);

  useFetchFailureToast(list, t('page.loadFailed'));
  useConnectReturn(params, setParams, toast);

  const account = (platform: SocialPlatform) => accounts.data?.find((a) => a.platform === platform);
  const isConnected = (platform: SocialPlatform) =>
    account(platform)?.connected ?? stats.data?.find((s) => s.platform === platform)?.connected ?? false;
  const anyConnected = SOCIAL_PLATFORMS.some(isConnected);
  /** The freshest copy of a post a dialog shows (it changes as the user acts on it). */
  const latest = (post: SocialPost | null) => (post ? (posts.find((p) => p.id === post.id) ?? post) : null);

  const busyWhile = async (post: SocialPost, call: () => Promise<unknown>) => {
    setBusyId(post.id);
    try {
      await call();
    } finally {
      setBusyId(null);
    }
  };

  const deletePost = async (post: SocialPost) => {
    const ok = await confirm({
      title: t('page.deleteTitle'),
      content: t('page.deleteContent', { platform: platformLabel(post.platform) }),
      okText: t('page.delete'),
      cancelText: t('page.cancel'),
      danger: true,
    });
    if (ok && (await actions.remove(post))) {
      setViewing((d) => (d.post?.id === post.id ? { ...d, open: false } : d));
      // Its card is gone with the button that asked: the focus goes to a neighbour's.
      const index = shown.findIndex((p) => p.id === post.id);
      focusPost((shown[index + 1] ?? shown[index - 1])?.id, { always: true });
    }
  };

  const onAction = (post: SocialPost, action: PostAction) => {
    switch (action) {
      case 'edit':
        return setEdit({ open: true, post });
      case 'schedule':
      case 'reschedule':
        return setSchedule({ open: true, post });
      case 'unschedule':
        return void busyWhile(post, () => actions.unschedule(post));
      // Synchronous up to the share tab it opens (pop-up blockers allow only that).
      case 'publish':
        return void busyWhile(post, () => actions.publishNow(post, { connected: isConnected(post.platform) }));
      case 'delete':
        return void deletePost(post);
    }
  };

  const disconnect = async (platform: SocialPlatform) => {
    const ok = await confirm({
      title: t('page.disconnectTitle', { platform: platformLabel(platform) }),
      content: t('page.disconnectContent'),
      okText: t('page.disconnect'),
      cancelText: t('page.cancel'),
      danger: true,
    });
    if (ok) await actions.disconnect(platform);
  };

  const connect = async (platform: SocialPlatform) => {
    setConnecting(platform);
    try {
      await actions.connect(platform);
    } finally {
      setConnecting(null);
    }
  };

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)}>
      {t('page.create')}
    </Button>
  );

  const counts = tabCounts(posts);
  const shown = postsInTab(posts, tab);

  const postList = () => {
    if (list.isPending) {
      return (
        <ul className="aide-social-grid" aria-label={t('page.loading')} aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Card style={{ flex: 1 }}>
                <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 4 }} />
              </Card>
            </li>
          ))}
        </ul>
      );
    }
    if (list.isError) return null;
    if (!shown.length) {
      return (
        <div className="aide-social-empty">
          <EmptyState
            description={<EmptyText title={t(`page.empty.${tab}`)} hint={t(`page.empty.${tab}.hint`)} />}
            action={tab === 'all' || tab === 'draft' ? createButton : undefined}
          />
        </div>
      );
    }
    return (
      <ul className="aide-social-grid" aria-busy={list.isFetching || undefined}>
        {shown.map((post) => (
          <li key={post.id}>
            <PostCard post={post} busy={busyId === post.id} onAction={(action) => onAction(post, action)} />
          </li>
        ))}
      </ul>
    );
  };

  const viewSwitch = (
    <Segmented
      aria-label={t('page.view')}
      value={view}
      onChange={(value) => setView(value as 'list' | 'calendar')}
      // On a phone the icons alone show; the names stay for screen readers.
      options={[
        {
          value: 'list',
          icon: <UnorderedListOutlined />,
          label: screens.sm ? t('page.list') : <VisuallyHidden>{t('page.list')}</VisuallyHidden>,
          title: t('page.list'),
        },
        {
          value: 'calendar',
          icon: <CalendarOutlined />,
          label: screens.sm ? t('page.calendar') : <VisuallyHidden>{t('page.calendar')}</VisuallyHidden>,
          title: t('page.calendar'),
        },
      ]}
    />
  );

  const viewed = latest(viewing.post);
  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <>
            {anyConnected ? (
              <Button
                icon={<ReloadOutlined />}
                loading={actions.refreshing}
                onClick={() => void actions.refreshEngagement()}
              >
                {t('page.refresh')}
              </Button>
            ) : null}
            {createButton}
          </>
        }
      />

      <section aria-label={t('page.stats')}>
        <FetchErrorAlert
          query={stats}
          title={t('page.statsFailed')}
          retryLabel={t('page.retry')}
          style={{ marginBottom: token.marginSM }}
        />
        <Row gutter={[token.marginSM, token.marginSM]}>
          {SOCIAL_PLATFORMS.map((platform) => (
            // Two to a row on a phone too (compact cards), so the posts start on the first screen.
            <Col key={platform} xs={12} xl={6}>
              <PlatformStatCard
                platform={platform}
                stats={stats.data?.find((s) => s.platform === platform)}
                account={account(platform)}
                loading={stats.isPending}
                connecting={connecting === platform}
                onConnect={() => void connect(platform)}
                onDisconnect={() => void disconnect(platform)}
              />
            </Col>
          ))}
        </Row>
      </section>

      <section aria-label={t('page.posts')}>
        {/* The view switch sits beside the tabs, not in their bar: a tablist may hold only tabs. */}
        <Flex align="center" justify="space-between" gap="small" wrap>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as PostTab)}
            style={{ flex: '1 1 auto', minWidth: 0 }}
            items={POST_TABS.map((key) => ({
              key,
              label: (
                <span>
                  {t(`tab.${key}`)} <span className="aide-social-tab-count">{list.isPending ? '' : counts[key]}</span>
                </span>
              ),
            }))}
          />
          {viewSwitch}
        </Flex>
        <FetchErrorAlert query={list} title={t('page.loadFailed')} retryLabel={t('page.retry')} />
        {view === 'calendar' && !list.isPending && !list.isError ? (
          <PostCalendar posts={shown} onOpen={(post) => setViewing({ open: true, post })} />
        ) : (
          postList()
        )}
      </section>

      <CreatePostDialog
        open={createOpen}
        actions={actions}
        isConnected={isConnected}
        onClose={() => setCreateOpen(false)}
        onSchedule={(post) => setSchedule({ open: true, post })}
      />
      <EditPostDialog
        open={edit.open}
        post={latest(edit.post)}
        actions={actions}
        onClose={() => setEdit((d) => ({ ...d, open: false }))}
        afterClose={() => focusPost(edit.post?.id)}
      />
      <ScheduleDialog
        open={schedule.open}
        post={latest(schedule.post)}
        connected={schedule.post ? isConnected(schedule.post.platform) : false}
        saving={actions.scheduling}
        onClose={() => setSchedule((d) => ({ ...d, open: false }))}
        afterClose={() => focusPost(schedule.post?.id)}
        onSchedule={async (when) => {
          const post = latest(schedule.post);
          return post ? actions.schedule(post, when) : null;
        }}
      />
      <Modal
        open={viewing.open}
        title={t('page.postTitle')}
        footer={null}
        onCancel={() => setViewing((d) => ({ ...d, open: false }))}
        width={{ xs: '100%', sm: '92%', md: 560 }}
        destroyOnHidden
      >
        {viewed ? (
          <PostCard
            post={viewed}
            busy={busyId === viewed.id}
            onAction={(action) => {
              // Its own dialogs open over the calendar once this one is out of the way.
              if (action !== 'delete' && action !== 'publish' && action !== 'unschedule')
                setViewing((d) => ({ ...d, open: false }));
              onAction(viewed, action);
            }}
          />
        ) : null}
      </Modal>
    </Flex>
  );
}

/** Back from a platform's sign-in: /social?connected=<platform> or ?error=<platform>; toast, then clean the address. */
function useConnectReturn(
  params: URLSearchParams,
  setParams: ReturnType<typeof useSearchParams>[1],
  toast: ReturnType<typeof useHost>['toast'],
) {
  const connected = params.get('connected');
  const failed = params.get('error');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (connected === null && failed === null) return;
    const key = `${connected}|${failed}`;
    if (handled.current !== key) {
      handled.current = key;
      if (isPlatform(connected))
        toast({ title: ACTION_TEXT.connected(connected), description: ACTION_TEXT.connectedHint() });
      else if (failed !== null) {
        toast({
          title: translate('toast.connectFailed'),
          description: isPlatform(failed)
            ? translate('page.connectNotConfirmed', { platform: platformLabel(failed) })
            : undefined,
          variant: 'destructive',
        });
      }
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [connected, failed, setParams, toast]);
}
