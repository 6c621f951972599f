import type { ReactNode } from 'react';
import { Card, Flex, Statistic, Typography, theme } from 'antd';

export interface StatCardProps {
  title: ReactNode;
  value: number | string;
  icon?: ReactNode;
  /** A short line under the value, e.g. '+2 from yesterday'. */
  hint?: ReactNode;
  /** The icon's colour (a CSS colour, ideally a theme token); defaults to the primary colour. */
  accent?: string;
  loading?: boolean;
}

/** A compact summary card: a titled figure with an optional tinted icon and hint. */
export function StatCard({ title, value, icon, hint, accent, loading }: StatCardProps) {
  const { token } = theme.useToken();
  const colour = accent ?? token.colorPrimary;
  const iconSize = token.controlHeightLG;
  return (
    <Card style={{ height: '100%' }} styles={{ body: { padding: token.padding } }}>
      <Flex justify="space-between" align="flex-start" gap={token.marginSM}>
        <Statistic
          title={title}
          value={value}
          loading={loading}
          style={{ minWidth: 0 }}
          styles={{
            title: { marginBottom: token.marginXXS },
            content: {
              fontSize: token.fontSizeHeading3,
              fontWeight: token.fontWeightStrong,
              lineHeight: token.lineHeightHeading3,
            },
          }}
        />
        {icon ? (
          <span
            aria-hidden
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              flex: 'none',
              width: iconSize,
              height: iconSize,
              borderRadius: token.borderRadiusLG,
              fontSize: token.fontSizeHeading4,
              color: colour,
              background: `color-mix(in srgb, ${colour} 12%, transparent)`,
            }}
          >
            {icon}
          </span>
        ) : null}
      </Flex>
      {hint ? (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', marginTop: token.marginXS, fontSize: token.fontSizeSM }}
        >
          {hint}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
