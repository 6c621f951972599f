import { useState } from 'react';
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
import { WEBSITE_MESSAGES, type Website } from '@aide/contracts';
import { useFetchFailureToast } from '@aide/module-kit';
import { EmptyState, FetchErrorAlert, PageHeader, StatCard, useConfirm } from '@aide/ui';
import './website.css';
import { AddWebsiteDialog } from './AddWebsiteDialog';
import { BlogPostDialog } from './BlogPostDialog';
import { BlogPostsDrawer } from './BlogPostsDrawer';
import { useWebsiteActions } from './useWebsiteActions';
import { useWebsites } from './useWebsites';
import { WebsiteCard, type CardAction, type CardTab } from './WebsiteCard';
import { WebsiteSettingsDialog } from './WebsiteSettingsDialog';
import { avgSeoText, formatCount, websiteSummary } from './websiteView';

// Spec §2 texts, and the screen's own.
export const PAGE_TEXT = {
  title: 'Website Manager',
  subtitle: 'Follow your sites’ visitors, uptime and SEO, keep backups and have Aide write blog posts',
  createBlogPost: 'Create Blog Post',
  addFirstWebsite: 'Add a website first',
  addWebsite: 'Add Website',
  stats: 'Website statistics',
  websites: 'Websites',
  websitesHint: (active: number) => `${active} active`,
  monthlyVisitors: 'Monthly Visitors',
  monthlyHint: 'All sites, this month',
  pageViews: 'Page Views',
  pageViewsHint: 'All sites, this month',
  avgSeo: 'Avg SEO Score',
  avgSeoHint: (audited: number) =>
    audited ? `Over ${audited} audited ${audited === 1 ? 'site' : 'sites'}` : 'No site audited yet',
  list: 'Websites',
  retry: 'Retry',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeContent:
    'Its analytics, uptime history, audits and blog posts are deleted. Backups already stored stay in Documents.',
  remove: 'Remove',
  cancel: 'Cancel',
} as const;

export default function WebsitePage() {
  const { token } = theme.useToken();
  const confirm = useConfirm();
  const list = useWebsites();
  const actions = useWebsiteActions();
  const sites = list.data ?? [];
  const summary = websiteSummary(sites);

  useFetchFailureToast(list, WEBSITE_MESSAGES.fetchFailed);

  const [addOpen, setAddOpen] = useState(false);
  const [blogOpen, setBlogOpen] = useState(false);
  /** The site a dialog or drawer shows, kept while it closes so its contents do not change mid-animation. */
  const [settings, setSettings] = useState<{ open: boolean; siteId: number | null }>({ open: false, siteId: null });
  const [posts, setPosts] = useState<{ open: boolean; siteId: number | null }>({ open: false, siteId: null });
  const [tabs, setTabs] = useState<Record<number, CardTab>>({});
  const [busyId, setBusyId] = useState<number | null>(null);

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
          title: PAGE_TEXT.removeTitle(site.name),
          content: PAGE_TEXT.removeContent,
          okText: PAGE_TEXT.remove,
          cancelText: PAGE_TEXT.cancel,
          danger: true,
        });
        if (ok) await busyWhile(site, () => actions.remove(site));
        return;
      }
    }
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAddOpen(true)}>
      {PAGE_TEXT.addWebsite}
    </Button>
  );
  const noSites = !list.isPending && sites.length === 0;
  const blogButton = (
    <Button icon={<EditOutlined />} disabled={noSites} onClick={() => setBlogOpen(true)}>
      {PAGE_TEXT.createBlogPost}
    </Button>
  );

  const audited = sites.filter((site) => site.seoScore !== null).length;
  const tiles = [
    {
      title: PAGE_TEXT.websites,
      value: formatCount(summary.websites),
      icon: <GlobalOutlined />,
      accent: token.colorPrimary,
      hint: PAGE_TEXT.websitesHint(sites.filter((s) => s.isActive).length),
    },
    {
      title: PAGE_TEXT.monthlyVisitors,
      value: formatCount(summary.monthlyVisitors),
      icon: <TeamOutlined />,
      accent: token.colorInfo,
      hint: PAGE_TEXT.monthlyHint,
    },
    {
      title: PAGE_TEXT.pageViews,
      value: formatCount(summary.pageViews),
      icon: <EyeOutlined />,
      accent: token.colorSuccess,
      hint: PAGE_TEXT.pageViewsHint,
    },
    {
      title: PAGE_TEXT.avgSeo,
      value: avgSeoText(summary.avgSeo),
      icon: <RiseOutlined />,
      accent: token.colorWarning,
      hint: PAGE_TEXT.avgSeoHint(audited),
    },
  ];

  const settingsSite = siteById(settings.siteId);
  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={PAGE_TEXT.title}
        subtitle={PAGE_TEXT.subtitle}
        extra={
          <>
            {noSites ? <Tooltip title={PAGE_TEXT.addFirstWebsite}>{blogButton}</Tooltip> : blogButton}
            {addButton}
          </>
        }
      />

      <section aria-label={PAGE_TEXT.stats}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          {tiles.map((tile) => (
            <Col key={tile.title} xs={24} sm={12} xl={6}>
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

      <FetchErrorAlert query={list} title={WEBSITE_MESSAGES.fetchFailed} retryLabel={PAGE_TEXT.retry} />

      <section aria-label={PAGE_TEXT.list}>
        {list.isPending ? (
          <Flex vertical gap={token.marginSM}>
            <Typography.Text type="secondary" role="status">
              <LoadingOutlined aria-hidden /> {WEBSITE_MESSAGES.loading}
            </Typography.Text>
            <ul className="aide-website-list" aria-label={WEBSITE_MESSAGES.loading} aria-busy>
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
            <EmptyState description={WEBSITE_MESSAGES.empty} action={addButton} />
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
    </Flex>
  );
}
