import { Alert, Button } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorDetail } from '@aide/api-client';
import { useT } from '../i18n';

/** A failed load, with the server's reason and a Retry that refetches. */
export function QueryErrorAlert({
  title,
  query,
}: {
  title: string;
  query: Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;
}) {
  const t = useT();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorDetail(query.error)}
      action={
        <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
