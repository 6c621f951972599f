import type { ReactNode } from 'react';
import { Button, Card, Flex, Grid, Skeleton, Tooltip, Typography, theme } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleFilled,
  DisconnectOutlined,
  LinkOutlined,
  MinusOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { formatNumber } from '@aide/i18n';
import type { SocialAccount, SocialPlatform, SocialPlatformStats } from '@aide/contracts';
import { useT } from '../i18n';
import { PlatformIcon, usePlatformColour } from './platforms';
import { compactNumber, growthView, platformLabel } from './socialView';

export interface PlatformStatCardProps {
  platform: SocialPlatform;
  stats: SocialPlatformStats | undefined;
  account: SocialAccount | undefined;
  loading: boolean;
  connecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} className="aide-social-figure-item" style={{ minWidth: 0 }}>
      <Typography.Text
        type="secondary"
        className="aide-social-figure-label"
        style={{ fontSize: token.fontSizeSM }}
        title={hint}
      >
        {label}
      </Typography.Text>
      <div className="aide-social-figure">{value}</div>
    </Flex>
  );
}

function Growth({ growth }: { growth: SocialPlatformStats['growth'] }) {
  const { token } = theme.useToken();
  const t = useT();
  const view = growthView(growth);
  const colour = {
    up: token.colorSuccess,
    down: token.colorError,
    flat: token.colorTextSecondary,
    none: token.colorTextTertiary,
  }[view.direction];
  const icon = {
    up: <ArrowUpOutlined aria-hidden />,
    down: <ArrowDownOutlined aria-hidden />,
    flat: <MinusOutlined aria-hidden />,
    none: null,
  }[view.direction];
  return (
    <Tooltip title={view.explanation}>
      <span
        className="aide-social-growth"
        data-direction={view.direction}
        style={{ color: colour }}
        // Focusable for its tooltip; an image role so its name (figure and explanation) is allowed and read.
        role="img"
        tabIndex={0}
        aria-label={t('stat.growthLabel', { text: view.text, explanation: view.explanation })}
      >
        {icon} {view.text}
      </span>
    </Tooltip>
  );
}

/** One platform: what is scheduled, its engagement and growth, and its account. */
export function PlatformStatCard({
  platform,
  stats,
  account,
  loading,
  connecting,
  onConnect,
  onDisconnect,
}: PlatformStatCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const colour = usePlatformColour(platform);
  const headingId = `social-stats-${platform}`;
  // A phone shows two cards to a row: tighter, with the figures as lines (label, then value).
  const compact = !Grid.useBreakpoint().sm;

  const connection = () => {
    if (account?.connected) {
      return (
        <Flex align="center" justify="space-between" gap={token.marginXS} wrap>
          <Typography.Text style={{ fontSize: token.fontSizeSM, minWidth: 0 }} ellipsis={{ tooltip: true }}>
            <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />{' '}
            {account.accountName ? t('stat.connectedAs', { name: account.accountName }) : t('stat.connected')}
          </Typography.Text>
          <Button
            size="small"
            type="text"
            icon={<DisconnectOutlined />}
            onClick={onDisconnect}
            aria-label={t('stat.disconnectNamed', { platform: platformLabel(platform) })}
          >
            {t('stat.disconnect')}
          </Button>
        </Flex>
      );
    }
    return (
      <Flex align="center" justify="space-between" gap={token.marginXS} wrap>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, flex: '1 1 140px' }}>
          {t('stat.notConnected')}
        </Typography.Text>
        {account?.configured ? (
          <Button
            size="small"
            icon={<LinkOutlined />}
            loading={connecting}
            onClick={onConnect}
            aria-label={t('stat.connectNamed', { platform: platformLabel(platform) })}
          >
            {t('stat.connect')}
          </Button>
        ) : null}
      </Flex>
    );
  };

  return (
    <section aria-labelledby={headingId} style={{ height: '100%' }}>
      <Card
        className={compact ? 'aide-social-stat aide-social-stat-compact' : 'aide-social-stat'}
        style={{ height: '100%' }}
        styles={{
          body: {
            padding: compact ? token.paddingSM : token.padding,
            display: 'flex',
            flexDirection: 'column',
            gap: compact ? token.marginXS : token.marginSM,
            height: '100%',
          },
        }}
      >
        <Flex align="center" gap={compact ? token.marginXS : token.marginSM} style={{ minWidth: 0 }}>
          <span
            className="aide-social-platform-badge"
            style={{ color: colour, background: `color-mix(in srgb, ${colour} 12%, transparent)` }}
          >
            <PlatformIcon platform={platform} />
          </span>
          <Typography.Title
            id={headingId}
            level={2}
            style={{
              margin: 0,
              minWidth: 0,
              fontSize: compact ? token.fontSize : token.fontSizeLG,
              lineHeight: token.lineHeightLG,
              overflowWrap: 'anywhere',
            }}
          >
            {platformLabel(platform)}
          </Typography.Title>
        </Flex>
        {loading || !stats ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : (
          <div className="aide-social-figures">
            <Figure label={t('stat.scheduled')} value={formatNumber(stats.scheduled)} />
            <Figure
              label={t('stat.engagement')}
              value={compactNumber(stats.engagement.total)}
              hint={t('stat.engagementHint')}
            />
            <Figure label={t('stat.growth')} value={<Growth growth={stats.growth} />} />
          </div>
        )}
        {account?.error ? (
          <Typography.Text type="warning" style={{ fontSize: token.fontSizeSM }}>
            <WarningOutlined aria-hidden /> {account.error}
          </Typography.Text>
        ) : null}
        <div style={{ marginTop: 'auto' }}>{account || !loading ? connection() : null}</div>
      </Card>
    </section>
  );
}
