import { Badge } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { NavBadge as NavBadgeSpec } from '@aide/module-kit';

/** A remote's sidebar count, read through the shared QueryClient so it updates with the remote's own data. */
export function NavBadge({ badge }: { badge: NavBadgeSpec }) {
  const { data } = useQuery({ queryKey: badge.queryKey, select: badge.select });
  if (!data) return null;
  return <Badge count={data} color={badge.color} size="small" overflowCount={99} aria-label={`${data} open`} />;
}
