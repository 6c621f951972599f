import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';

/**
 * A list read as a list by screen readers (`ul`, named by `label`), laid out as a column of its
 * items without bullets or indent. `gap` is antd's small margin, or its extra-small one for `tight`.
 */
export function PlainList({ label, tight, children }: { label?: string; tight?: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      component="ul"
      vertical
      gap={tight ? token.marginXS : token.marginSM}
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {children}
    </Flex>
  );
}
