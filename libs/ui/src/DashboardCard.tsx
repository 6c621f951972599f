import type { ReactNode } from 'react';
import { Button, Card, Flex, theme } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { FetchErrorAlert, type RefetchableQuery } from './FetchErrorAlert';
import { useT } from './i18n';
import { StatCard, type StatCardProps } from './StatCard';

/** Spec (Dashboard, §8): what a dashboard card says when its data failed to load (English; shown through `ui` i18n). */
export const DASHBOARD_ERROR_TEXT = 'Failed to load dashboard data. Please try again.';

/** What a dashboard card reads of its part's query (see `useDashboardPart`). */
export interface DashboardPartQuery<T> extends RefetchableQuery {
  isPending: boolean;
  data: T | undefined;
}

export interface DashboardCardProps {
  title: string;
  icon?: ReactNode;
  /** A 'View All'-style link in the header. */
  link?: { label: string; to: string };
  /** The card's data: a skeleton while it loads, the spec's error with Retry when it failed. */
  query?: DashboardPartQuery<unknown>;
  children: ReactNode;
}

/**
 * A dashboard card's frame: an icon and title, an optional header link, full height in its row;
 * it shows its own loading and error, so one module's failed part leaves the others' cards alone.
 */
export function DashboardCard({ title, icon, link, query, children }: DashboardCardProps) {
  const { token } = theme.useToken();
  const { navigate } = useHost();
  const t = useT();
  return (
    <Card
      role="region"
      aria-label={title}
      loading={query?.isPending && !query.isError}
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
      {query?.isError ? <FetchErrorAlert query={query} title={t('dashboard.loadFailed')} /> : children}
    </Card>
  );
}

export interface DashboardStatProps<T> extends Omit<StatCardProps, 'value' | 'hint' | 'loading'> {
  query: DashboardPartQuery<T>;
  value: (data: T) => number | string;
  /** The line under the figure, e.g. '+2 from yesterday'. */
  hint: (data: T) => ReactNode;
}

/** One figure of the dashboard's top strip, from its module's part; '–' and the spec's error when it failed. */
export function DashboardStat<T>({ query, value, hint, ...card }: DashboardStatProps<T>) {
  const { data } = query;
  const t = useT();
  return (
    <StatCard
      {...card}
      value={data === undefined ? '–' : value(data)}
      hint={query.isError ? t('dashboard.loadFailed') : data === undefined ? null : hint(data)}
      loading={query.isPending && !query.isError}
    />
  );
}
