import { useMemo } from 'react';
import { Flex, Grid, Table, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { ACTIVITY_LOG_PAGE_SIZE, type ActivityLog } from '@aide/contracts';
import { EmptyState } from '@aide/ui';
import { useT } from '../i18n';
import { formatDayTime } from '../layout/dates';
import { describeAction } from './activityActions';
import { QueryErrorAlert } from './QueryErrorAlert';
import { useAdminActivity } from './useAdminActivity';
import { useAdminUsers } from './useAdminUsers';

dayjs.extend(relativeTime);

export function ActivityTab() {
  const t = useT();
  const { token } = theme.useToken();
  // A phone shows who and when under the action: one column, no sideways scrolling.
  const phone = !(Grid.useBreakpoint().sm ?? true);
  const activityQuery = useAdminActivity();
  // Only to show an email instead of a bare id; the log still shows if this fails.
  const usersQuery = useAdminUsers();
  const emails = useMemo(() => new Map((usersQuery.data ?? []).map((u) => [u.id, u.email])), [usersQuery.data]);

  // Spec §9: the first 50 rows (the API already sends at most these, newest first).
  const rows = (activityQuery.data ?? []).slice(0, ACTIVITY_LOG_PAGE_SIZE);

  const whenCell = (at: string) => (
    <Tooltip title={formatDayTime(at, true)}>
      <time dateTime={at} style={{ whiteSpace: 'nowrap' }}>
        {dayjs(at).fromNow()}
      </time>
    </Tooltip>
  );
  const userCell = (userId: number | null) =>
    userId === null ? (
      <Typography.Text type="secondary">{t('admin.activity.deletedUser')}</Typography.Text>
    ) : (
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>
        {emails.get(userId) ?? t('admin.activity.userNumber', { id: userId })}
      </Typography.Text>
    );
  // A readable sentence ("Updated a trip's expenses"), the route it came from small beneath it.
  const actionCell = (action: string) => (
    <Flex vertical>
      <Typography.Text>{describeAction(t, action)}</Typography.Text>
      <Typography.Text
        type="secondary"
        style={{ fontSize: token.fontSizeSM, fontFamily: token.fontFamilyCode, overflowWrap: 'anywhere' }}
      >
        {action}
      </Typography.Text>
    </Flex>
  );

  const columns: TableColumnsType<ActivityLog> = phone
    ? [
        {
          title: t('admin.activity.action'),
          key: 'action',
          render: (_, row) => (
            <Flex vertical gap={token.marginXXS}>
              {actionCell(row.action)}
              <Flex gap={token.marginXS} wrap style={{ fontSize: token.fontSizeSM }}>
                {userCell(row.userId)}
                <Typography.Text type="secondary">{whenCell(row.createdAt)}</Typography.Text>
              </Flex>
            </Flex>
          ),
        },
      ]
    : [
        { title: t('admin.activity.when'), dataIndex: 'createdAt', key: 'createdAt', render: whenCell },
        { title: t('admin.activity.user'), dataIndex: 'userId', key: 'userId', render: userCell },
        { title: t('admin.activity.action'), dataIndex: 'action', key: 'action', render: actionCell },
        {
          title: t('admin.activity.resource'),
          dataIndex: 'resource',
          key: 'resource',
          render: (resource: string) => (
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {resource}
            </Typography.Text>
          ),
        },
      ];

  return (
    <Flex vertical gap={token.margin}>
      <Typography.Text type="secondary">{t('admin.activity.intro', { count: ACTIVITY_LOG_PAGE_SIZE })}</Typography.Text>
      {activityQuery.isError ? <QueryErrorAlert title={t('admin.activity.loadFailed')} query={activityQuery} /> : null}
      <Table<ActivityLog>
        aria-label={t('admin.activity.label')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={activityQuery.isPending && !activityQuery.isError}
        pagination={false}
        scroll={phone ? undefined : { x: 'max-content' }}
        locale={{ emptyText: activityQuery.isError ? ' ' : <EmptyState description={t('admin.activity.empty')} /> }}
      />
    </Flex>
  );
}
