import type { ReactNode } from 'react';
import { Flex, Typography, theme } from 'antd';

export interface IconTitleProps {
  /** Shown in a tinted square before the text (decorative: hidden from screen readers). */
  icon: ReactNode;
  title: ReactNode;
  /** A secondary line under the title, e.g. the address and the provider. */
  subtitle?: ReactNode;
}

/** A card title with an icon badge and a secondary line, as the integration cards use it. */
export function IconTitle({ icon, title, subtitle }: IconTitleProps) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginSM} style={{ minWidth: 0 }}>
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flex: 'none',
          width: token.controlHeight,
          height: token.controlHeight,
          borderRadius: token.borderRadius,
          fontSize: token.fontSizeLG,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
        }}
      >
        {icon}
      </span>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis>
          {title}
        </Typography.Text>
        {subtitle !== undefined && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM, fontWeight: 'normal' }}>
            {subtitle}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
