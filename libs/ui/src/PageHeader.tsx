import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Actions shown on the right (they wrap below the title on narrow screens). */
  extra?: ReactNode;
}

/** A screen's title (its one h1, sized as a section title) with a secondary subtitle and actions. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  const { token } = theme.useToken();
  return (
    <Flex component="header" wrap justify="space-between" align="center" gap={token.marginMD}>
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Typography.Title
          level={1}
          style={{ margin: 0, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}
        >
          {title}
        </Typography.Title>
        {subtitle ? (
          <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXXS}px 0 0` }}>
            {subtitle}
          </Typography.Paragraph>
        ) : null}
      </div>
      {extra ? (
        <Flex wrap gap={token.marginXS} align="center">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
