import type { ReactNode } from 'react';
import { Empty, theme } from 'antd';

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
