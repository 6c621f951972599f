import type { ReactNode } from 'react';
import { Empty, Flex, Typography, theme } from 'antd';

export interface EmptyStateProps {
  description: ReactNode;
  /** Usually one button, e.g. to create the first item. */
  action?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ description, action }: EmptyStateProps) {
  const { token } = theme.useToken();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={description}
      style={{ margin: 0, padding: `${token.paddingXL}px ${token.padding}px` }}
    >
      {action}
    </Empty>
  );
}

/** An empty state's description: what is (not) there, in bold, and what to do about it. */
export function EmptyText({ title, hint }: { title: string; hint: string }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={token.marginXXS}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{hint}</Typography.Text>
    </Flex>
  );
}
