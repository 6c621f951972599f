import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Tooltip, Typography, theme } from 'antd';
import {
  EditOutlined,
  EyeOutlined,
  LoadingOutlined,
  GlobalOutlined,
  PlusOutlined,
  RiseOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { callEndpoint } from '@aide/api-client';
import { type BlogPromotion, type Website, websitesEndpoints } from '@aide/contracts';
import { useFetchFailureToast } from '@aide/module-kit';
import { EmptyState, FetchErrorAlert, PageHeader, StatCard, useConfirm, useOpenFromAddress } from '@aide/ui';
import './website.css';
import { AddWebsiteDialog } from './AddWebsiteDialog';
import { BlogPostDialog } from './BlogPostDialog';
import { BlogPostsDrawer } from './BlogPostsDrawer';
import { useWebsiteActions } from './useWebsiteActions';
import { useWebsites } from './useWebsites';
import { WebsiteCard, type CardAction, type CardTab } from './WebsiteCard';
import { WebsiteSettingsDialog } from './WebsiteSettingsDialog';
import { avgSeoText, formatCount, websiteSummary } from './websiteView';
import { useT } from '../i18n';

// The Promote step a notification links to (/website?promote=<blog post id>, issue 27) loads when asked for.
const BlogPromoteDialog = lazy(() => import('./BlogPromoteDialog'));

/** The post /website?promote=<id> names, from its promotion (its title is the promotion's topic); null when it has none. */
async function promotedPost(id: number): Promise<{ id: number; title: string; topic: string } | null> {
  const promotion = (await callEndpoint(websitesEndpoints.blogPromotion, { params: { id } })) as BlogPromotion;
  const title = promotion.posts[0]?.topic;
  return title ? { id, title, topic: title } : null;
}

export default function WebsitePage() {
  const { token } = theme.useToken();
  const t = useT();
  const confirm = useConfirm();
  const list = useWebsites();
  const actions = useWebsiteActions();
  const sites = list.data ?? [];
  const summary = websiteSummary(sites);

  useFetchFailureToast(list, t('messages.fetchFailed'));

  const [addOpen, setAddOpen] = useState(false);
  const [blogOpen, setBlogOpen] = useState(false);
  /** The site a dialog or drawer shows, kept while it closes so its contents do not change mid-animation. */
  const [settings, setSettings] = useState<{ open: boolean; siteId: number | null }>({ open: false, siteId: null });
  const [posts, setPosts] = useState<{ open: boolean; siteId: number | null }>({ open: false, siteId: null });
  const [tabs, setTabs] = useState<Record<number, CardTab>>({});
  const [busyId, setBusyId] = useState<number | null>(null);
  const [promoting, setPromoting] = useState<{ id: number; title: string; topic: string } | null>(null);
  useOpenFromAddress('promote', promotedPost, setPromoting);

  const siteById = (id: number | null) => (id === null ? null : (sites.find((s) => s.id === id) ?? null));
  const setTab = (site: Website, tab: CardTab) => setTabs((current) => ({ ...current, [site.id]: tab }));

  const busyWhile = async (site: Website, call: () => Promise<unknown>) => {
    setBusyId(site.id);
    try {
      await call();
    } finally {
      setBusyId(null);
    }
  };

  const onAction = async (site: Website, action: CardAction) => {
    switch (action) {
      case 'settings':
        return setSettings({ open: true, siteId: site.id });
      case 'analytics':
        return setTab(site, 'analytics');
      case 'showPosts':
        return setPosts({ open: true, siteId: site.id });
      case 'backup':
        return busyWhile(site, () => actions.backup(site));
      case 'security':
        return busyWhile(site, () => actions.securityCheck(site));
      case 'seoAudit':
        return busyWhile(site, () => actions.seoAudit(site));
      case 'remove': {
        const ok = await confirm({
          title: t('page.removeTitle', { name: site.name }),
          content: t('page.removeContent'),
          okText: t('page.remove'),
          cancelText: t('page.cancel'),
          danger: true,
        });
        if (ok) await busyWhile(site, () => actions.remove(site));
        return;
      }
    }
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddOpen(true)}>
      {t('page.addWebsite')}
    </Button>
  );
  const noSites = !list.isPending && sites.length === 0;
  const blogButton = (
    <Button icon={<EditOutlined />} disabled={noSites} onClick={() => setBlogOpen(true)}>
      {t('page.createBlogPost')}
    </Button>
  );

  const audited = sites.filter((site) => site.seoScore !== null).length;
  const tiles = [
    {
      title: t('page.websites'),
      value: formatCount(summary.websites),
      icon: <GlobalOutlined />,
      accent: token.colorPrimary,
      hint: t('page.websitesHint', { count: formatCount(sites.filter((s) => s.isActive).length) }),
    },
    {
      title: t('page.monthlyVisitors'),
      value: formatCount(summary.monthlyVisitors),
      icon: <TeamOutlined />,
      accent: token.colorInfo,
      hint: t('page.monthlyHint'),
    },
    {
      title: t('page.pageViews'),
      value: formatCount(summary.pageViews),
      icon: <EyeOutlined />,
      accent: token.colorSuccess,
      hint: t('page.pageViewsHint'),
    },
    {
      title: t('page.avgSeo'),
      value: avgSeoText(summary.avgSeo),
      icon: <RiseOutlined />,
      accent: token.colorWarning,
      hint: t('page.avgSeoHint', { count: audited }),
    },
  ];

  const settingsSite = siteById(settings.siteId);
  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <>
            {noSites ? <Tooltip title={t('page.addFirstWebsite')}>{blogButton}</Tooltip> : blogButton}
            {addButton}
          </>
        }
      />

      <section aria-label={t('page.stats')} className="aide-website-stats">
        <Row gutter={[token.marginSM, token.marginSM]}>
          {tiles.map((tile) => (
            // Phones: two compact tiles a row (website.css), so the sites start on the first screen.
            <Col key={tile.title} xs={12} sm={12} xl={6}>
              <StatCard
                title={tile.title}
                value={tile.value}
                icon={tile.icon}
                accent={tile.accent}
                hint={tile.hint}
                loading={list.isPending}
              />
            </Col>
          ))}
        </Row>
      </section>

      <FetchErrorAlert query={list} title={t('messages.fetchFailed')} retryLabel={t('page.retry')} />

      <section aria-label={t('page.list')}>
        {list.isPending ? (
          <Flex vertical gap={token.marginSM}>
            <Typography.Text type="secondary" role="status">
              <LoadingOutlined aria-hidden /> {t('messages.loading')}
            </Typography.Text>
            <ul className="aide-website-list" aria-label={t('messages.loading')} aria-busy>
              {Array.from({ length: 2 }, (_, i) => (
                <li key={i}>
                  <Card>
                    <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 4 }} />
                  </Card>
                </li>
              ))}
            </ul>
          </Flex>
        ) : sites.length ? (
          <ul className="aide-website-list" aria-busy={list.isFetching || undefined}>
            {sites.map((site) => (
              <li key={site.id}>
                <WebsiteCard
                  site={site}
                  tab={tabs[site.id] ?? 'analytics'}
                  onTabChange={(tab) => setTab(site, tab)}
                  busy={busyId === site.id}
                  onAction={(action) => void onAction(site, action)}
                />
              </li>
            ))}
          </ul>
        ) : list.isError ? null : (
          <div className="aide-website-empty">
            <EmptyState description={t('messages.empty')} action={addButton} />
          </div>
        )}
      </section>

      <AddWebsiteDialog
        open={addOpen}
        saving={actions.creating}
        onClose={() => setAddOpen(false)}
        onSubmit={(site) => actions.create(site)}
      />
      <BlogPostDialog
        open={blogOpen}
        websites={sites}
        saving={actions.creatingBlogPost}
        onClose={() => setBlogOpen(false)}
        onSubmit={(site, topic, keywords) => actions.createBlogPost(site, topic, keywords)}
      />
      <WebsiteSettingsDialog
        open={settings.open && settingsSite !== null}
        site={settingsSite}
        saving={actions.updating}
        onClose={() => setSettings((s) => ({ ...s, open: false }))}
        onSubmit={async (payload) => (settingsSite ? actions.update(settingsSite, payload) : false)}
      />
      <BlogPostsDrawer
        site={siteById(posts.siteId)}
        open={posts.open}
        onClose={() => setPosts((p) => ({ ...p, open: false }))}
      />
      {promoting ? (
        <Suspense fallback={null}>
          <BlogPromoteDialog post={promoting} onClose={() => setPromoting(null)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
