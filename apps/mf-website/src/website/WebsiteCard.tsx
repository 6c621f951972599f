import { Card, Flex, Tabs, Tag, Tooltip, Typography, theme } from 'antd';
import { ExportOutlined, ApiOutlined } from '@ant-design/icons';
import type { Website } from '@aide/contracts';
import { ActionsTab, type SiteAction } from './ActionsTab';
import { AnalyticsTab } from './AnalyticsTab';
import { PerformanceTab } from './PerformanceTab';
import { SeoTab } from './SeoTab';
import { displayUrl, platformLabel } from './websiteView';
import { useT } from '../i18n';
import { VisuallyHidden } from '@aide/ui';

export type CardTab = 'analytics' | 'seo' | 'performance' | 'actions';
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
  const t = useT();
  const headingId = `website-${site.id}`;
  const platform = platformLabel(site.platform);
  const wordpressText = site.wordpress.username
    ? t('card.wordpressConnectedAs', { username: site.wordpress.username })
    : t('card.wordpressConnected');

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
                {t('card.active')}
              </Tag>
            ) : (
              <Tooltip title={t('card.inactiveHint')}>
                <Tag style={{ marginInlineEnd: 0 }} data-testid="active">
                  {t('card.inactive')}
                </Tag>
              </Tooltip>
            )}
            {site.wordpress.configured ? (
              <Tooltip title={wordpressText}>
                <ApiOutlined aria-label={wordpressText} role="img" style={{ color: token.colorTextSecondary }} />
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
            <VisuallyHidden> {t('card.opensInNewTab')}</VisuallyHidden>
          </Typography.Link>
        </Flex>

        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => onTabChange(key as CardTab)}
          tabBarGutter={token.marginLG}
          items={[
            { key: 'analytics', label: t('card.tabs.analytics'), children: <AnalyticsTab site={site} /> },
            {
              key: 'seo',
              label: t('card.tabs.seo'),
              children: <SeoTab site={site} busy={busy} onAudit={() => onAction('seoAudit')} />,
            },
            {
              key: 'performance',
              label: t('card.tabs.performance'),
              children: <PerformanceTab site={site} onShowPosts={() => onAction('showPosts')} />,
            },
            {
              key: 'actions',
              label: t('card.tabs.actions'),
              children: <ActionsTab site={site} busy={busy} onAction={onAction} />,
            },
          ]}
        />
      </Card>
    </article>
  );
}
