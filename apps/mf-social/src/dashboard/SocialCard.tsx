import type { ReactNode } from 'react';
import { Button, Flex, Typography, theme } from 'antd';
import {
  FacebookFilled,
  FallOutlined,
  InstagramOutlined,
  LinkedinFilled,
  RiseOutlined,
  ShareAltOutlined,
  XOutlined,
} from '@ant-design/icons';
import { SOCIAL_PLATFORMS, socialDashboardSchema, type SocialPlatform } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { formatNumber } from '@aide/i18n';
import { DashboardCard, useDashboardPart, PlainList } from '@aide/ui';
import { useT } from '../i18n';

/** Brand names, as the spec's card writes them (not translated). */
const PLATFORMS: Record<SocialPlatform, { name: string; icon: ReactNode; colour: string }> = {
  linkedin: { name: 'LinkedIn', icon: <LinkedinFilled />, colour: '#0a66c2' },
  twitter: { name: 'Twitter', icon: <XOutlined />, colour: '#1d9bf0' },
  facebook: { name: 'Facebook', icon: <FacebookFilled />, colour: '#1877f2' },
  instagram: { name: 'Instagram', icon: <InstagramOutlined />, colour: '#e4405f' },
};

/** Social Media: per platform, posts scheduled and the week-over-week growth; 'View Full Analytics' goes to /social. */
export default function SocialCard() {
  const { token } = theme.useToken();
  const t = useT();
  const { navigate } = useHost();
  const part = useDashboardPart('social', socialDashboardSchema);
  const performance = part.data?.performance;
  return (
    <DashboardCard title={t('dashboard.title')} icon={<ShareAltOutlined />} query={part}>
      <Flex vertical gap={token.marginSM}>
        <PlainList label={t('dashboard.list')} tight>
          {SOCIAL_PLATFORMS.map((platform) => {
            const meta = PLATFORMS[platform];
            const stats = performance?.[platform] ?? { scheduled: 0, growthRate: 0 };
            const growth = Math.round(stats.growthRate * 10) / 10;
            const up = growth >= 0;
            return (
              <li key={platform} aria-label={meta.name}>
                <Flex align="center" gap={token.marginSM} style={{ padding: `${token.paddingXS}px 0` }}>
                  <span
                    aria-hidden
                    style={{ fontSize: token.fontSizeHeading4, color: meta.colour, display: 'inline-flex' }}
                  >
                    {meta.icon}
                  </span>
                  <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                    <Typography.Text strong>{meta.name}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {t('dashboard.scheduled', { count: stats.scheduled })}
                    </Typography.Text>
                  </Flex>
                  {/* No change reads neutral, not as growth. */}
                  <Typography.Text
                    type={growth === 0 ? 'secondary' : up ? 'success' : 'danger'}
                    style={{ fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}
                  >
                    {growth === 0 ? null : up ? <RiseOutlined /> : <FallOutlined />}{' '}
                    {t('dashboard.growth', {
                      // '+0%' for no change, as '+12.3%' (never '-0%').
                      growth: formatNumber(growth || 0, { signDisplay: 'always', maximumFractionDigits: 1 }),
                    })}
                  </Typography.Text>
                </Flex>
              </li>
            );
          })}
        </PlainList>
        <Button block onClick={() => navigate('/social')}>
          {t('dashboard.viewAll')}
        </Button>
      </Flex>
    </DashboardCard>
  );
}
