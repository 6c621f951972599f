import { Card, Flex, Tabs, Tag, Tooltip, Typography, theme } from 'antd';
import { ExportOutlined, ApiOutlined } from '@ant-design/icons';
import type { Website } from '@aide/contracts';
import { ActionsTab, type SiteAction } from './ActionsTab';
import { AnalyticsTab } from './AnalyticsTab';
import { PerformanceTab } from './PerformanceTab';
import { SeoTab } from './SeoTab';
import { displayUrl, platformLabel } from './websiteView';

export const CARD_TEXT = {
  active: 'Active',
  inactive: 'Inactive',
  inactiveHint: 'Uptime checks and audits are paused',
  opensInNewTab: '(opens in a new tab)',
  wordpressConnected: (username: string | null) => `Connected to WordPress${username ? ` as ${username}` : ''}`,
  tabs: { analytics: 'Analytics', seo: 'SEO', performance: 'Performance', actions: 'Actions' },
} as const;

export type CardTab = keyof typeof CARD_TEXT.tabs;
export type CardAction = SiteAction | 'seoAudit' | 'showPosts';

export interface WebsiteCardProps {
  site: Website;
  tab: CardTab;
  onTabChange: (tab: CardTab) => void;
  /** A call for this site is running (its buttons wait). */
  busy?: boolean;
  onAction: (action: CardAction) => void;
}

/** One site (spec §2): name, platform badge, URL and Active/Inactive; the four tabs. */
export function WebsiteCard({ site, tab, onTabChange, busy = false, onAction }: WebsiteCardProps) {
  const { token } = theme.useToken();
  const headingId = `website-${site.id}`;
  const platform = platformLabel(site.platform);

  return (
    <article aria-labelledby={headingId} data-testid={`website-${site.id}`} className="aide-website-card-frame">
      <Card
        className="aide-website-card"
        styles={{ body: { display: 'flex', flexDirection: 'column', gap: token.marginXS, padding: token.padding } }}
      >
        <Flex vertical gap={token.marginXXS} style={{ minWidth: 0 }}>
          <Flex wrap align="center" gap={token.marginXS}>
            <Typography.Title
              id={headingId}
              level={2}
              className="aide-website-name"
              style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
            >
              {site.name}
            </Typography.Title>
            {platform ? (
              <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }} data-testid="platform">
                {platform}
              </Tag>
            ) : null}
            {site.isActive ? (
              <Tag color="success" style={{ marginInlineEnd: 0 }} data-testid="active">
                {CARD_TEXT.active}
              </Tag>
            ) : (
              <Tooltip title={CARD_TEXT.inactiveHint}>
                <Tag style={{ marginInlineEnd: 0 }} data-testid="active">
                  {CARD_TEXT.inactive}
                </Tag>
              </Tooltip>
            )}
            {site.wordpress.configured ? (
              <Tooltip title={CARD_TEXT.wordpressConnected(site.wordpress.username)}>
                <ApiOutlined
                  aria-label={CARD_TEXT.wordpressConnected(site.wordpress.username)}
                  role="img"
                  style={{ color: token.colorTextSecondary }}
                />
              </Tooltip>
            ) : null}
          </Flex>
          <Typography.Link
            href={site.url}
            target="_blank"
            rel="noopener noreferrer"
            className="aide-website-url"
            data-testid="url"
          >
            {displayUrl(site.url)} <ExportOutlined aria-hidden style={{ fontSize: token.fontSizeSM }} />
            <span className="aide-website-sr-only"> {CARD_TEXT.opensInNewTab}</span>
          </Typography.Link>
        </Flex>

        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => onTabChange(key as CardTab)}
          tabBarGutter={token.marginLG}
          items={[
            { key: 'analytics', label: CARD_TEXT.tabs.analytics, children: <AnalyticsTab site={site} /> },
            {
              key: 'seo',
              label: CARD_TEXT.tabs.seo,
              children: <SeoTab site={site} busy={busy} onAudit={() => onAction('seoAudit')} />,
            },
            {
              key: 'performance',
              label: CARD_TEXT.tabs.performance,
              children: <PerformanceTab site={site} onShowPosts={() => onAction('showPosts')} />,
            },
            {
              key: 'actions',
              label: CARD_TEXT.tabs.actions,
              children: <ActionsTab site={site} busy={busy} onAction={onAction} />,
            },
          ]}
        />
      </Card>
    </article>
  );
}
