import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { NavBadge as NavBadgeSpec } from '@aide/module-kit';
import { useT } from '../i18n';

/**
 * A remote's sidebar count, read through the shared QueryClient so it updates with the remote's own data.
 * With `children` (the collapsed sidebar's icon) it shows as a dot on them instead of a number.
 */
export function NavBadge({ badge, children }: { badge: NavBadgeSpec; children?: ReactNode }) {
  const t = useT();
  const { data } = useQuery({ queryKey: badge.queryKey, select: badge.select });
  if (children) {
    return (
      <Badge
        dot={Boolean(data)}
        color={badge.color}
        offset={[2, 0]}
        aria-label={data ? t('nav.open', { count: Number(data) }) : undefined}
      >
        {children}
      </Badge>
    );
  }
  if (!data) return null;
  return (
    <Badge
      count={data}
      color={badge.color}
      size="small"
      overflowCount={99}
      aria-label={t('nav.open', { count: Number(data) })}
    />
  );
}
