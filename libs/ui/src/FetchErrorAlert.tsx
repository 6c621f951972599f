import type { CSSProperties } from 'react';
import { Alert, Button } from 'antd';
import { failureReason } from '@aide/api-client';
import { useT } from './i18n';

/** What the alert reads of a react-query result. */
export interface RefetchableQuery {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface FetchErrorAlertProps {
  query: RefetchableQuery;
  /** The spec's fetch error, e.g. 'Failed to fetch documents'. */
  title: string;
  /** The button's text; Retry (in the reader's language) by default. */
  retryLabel?: string;
  style?: CSSProperties;
}

/** A section whose data failed to load: why, in the section's place, with Retry. Nothing otherwise. */
export function FetchErrorAlert({ query, title, retryLabel, style }: FetchErrorAlertProps) {
  const t = useT();
  if (!query.isError) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={failureReason(query.error)}
      style={style}
      action={
        <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
          {retryLabel ?? t('fetchError.retry')}
        </Button>
      }
    />
  );
}
