import type { ReactNode } from 'react';
import { Button, Card, Flex, theme } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';

export interface DashboardCardProps {
  title: string;
  icon?: ReactNode;
  /** A 'View All'-style link in the header. */
  link?: { label: string; to: string };
  loading?: boolean;
  children: ReactNode;
}

/** The dashboard's card frame: an icon and title, an optional header link, full height in its row. */
export function DashboardCard({ title, icon, link, loading, children }: DashboardCardProps) {
  const { token } = theme.useToken();
  const { navigate } = useHost();
  return (
    <Card
      role="region"
      aria-label={title}
      loading={loading}
      style={{ height: '100%' }}
      title={
        <Flex align="center" gap={token.marginXS}>
          {icon ? <span style={{ color: token.colorPrimary }}>{icon}</span> : null}
          <span>{title}</span>
        </Flex>
      }
      extra={
        link ? (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(link.to)}
            icon={<ArrowRightOutlined />}
            iconPlacement="end"
            style={{ paddingInline: 0 }}
          >
            {link.label}
          </Button>
        ) : null
      }
    >
      {children}
    </Card>
  );
}
