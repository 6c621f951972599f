import { useMemo } from 'react';
import { Flex, Table, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { ACTIVITY_LOG_PAGE_SIZE, type ActivityLog } from '@aide/contracts';
import { EmptyState } from '@aide/ui';
import { DATE_TIME_FORMAT } from './adminLabels';
import { QueryErrorAlert } from './QueryErrorAlert';
import { useAdminActivity } from './useAdminActivity';
import { useAdminUsers } from './useAdminUsers';

dayjs.extend(relativeTime);

const METHOD_COLORS: Record<string, string> = { POST: 'green', PATCH: 'blue', PUT: 'blue', DELETE: 'red' };

/** 'PATCH /api/tasks/:id' → ['PATCH', '/api/tasks/:id']. */
const splitAction = (action: string) => {
  const space = action.indexOf(' ');
  return space > 0 ? [action.slice(0, space), action.slice(space + 1)] : [null, action];
};

export function ActivityTab() {
  const { token } = theme.useToken();
  const activityQuery = useAdminActivity();
  // Only to show an email instead of a bare id; the log still shows if this fails.
  const usersQuery = useAdminUsers();
  const emails = useMemo(() => new Map((usersQuery.data ?? []).map((u) => [u.id, u.email])), [usersQuery.data]);

  // Spec §9: the first 50 rows (the API already sends at most these, newest first).
  const rows = (activityQuery.data ?? []).slice(0, ACTIVITY_LOG_PAGE_SIZE);

  const columns: TableColumnsType<ActivityLog> = [
    {
      title: 'When',
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (at: string) => (
        <Tooltip title={dayjs(at).format(DATE_TIME_FORMAT + ':ss')}>
          <time dateTime={at} style={{ whiteSpace: 'nowrap' }}>
            {dayjs(at).fromNow()}
          </time>
        </Tooltip>
      ),
    },
    {
      title: 'User',
      dataIndex: 'userId',
      key: 'userId',
      render: (userId: number | null) =>
        userId === null ? (
          <Typography.Text type="secondary">Deleted user</Typography.Text>
        ) : (
          <Typography.Text>{emails.get(userId) ?? `User #${userId}`}</Typography.Text>
        ),
    },
    {
      title: 'Action',
      dataIndex: 'action',
      key: 'action',
      render: (action: string) => {
        const [method, route] = splitAction(action);
        return (
          <Flex align="center" gap={token.marginXS} style={{ whiteSpace: 'nowrap' }}>
            {method ? (
              <Tag
                color={METHOD_COLORS[method] ?? 'default'}
                style={{ marginInlineEnd: 0, fontFamily: token.fontFamilyCode }}
              >
                {method}
              </Tag>
            ) : null}
            <Typography.Text>{route}</Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: 'Resource',
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
      <Typography.Text type="secondary">
        The latest {ACTIVITY_LOG_PAGE_SIZE} changes made in Aide, newest first.
      </Typography.Text>
      {activityQuery.isError ? <QueryErrorAlert title="Failed to load the activity log" query={activityQuery} /> : null}
      <Table<ActivityLog>
        aria-label="Activity log"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={activityQuery.isPending && !activityQuery.isError}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: activityQuery.isError ? ' ' : <EmptyState description="No activity recorded yet" /> }}
      />
    </Flex>
  );
}
