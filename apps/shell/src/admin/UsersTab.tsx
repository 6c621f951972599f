import { useMutationState } from '@tanstack/react-query';
import { Avatar, Flex, Grid, Select, Table, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { displayName, initials, type AuthUser, type UserPlan, type UserRole } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, useConfirm } from '@aide/ui';
import { DATE_FORMAT, DATE_TIME_FORMAT, capitalise, planOptions, roleOptions } from './adminLabels';
import { QueryErrorAlert } from './QueryErrorAlert';
import { ResetPasswordLinkButton } from './ResetPasswordLinkButton';
import { useAdminNotify } from './useAdminNotify';
import { UPDATE_USER_MUTATION_KEY, useAdminUsers, useUpdateUser, type UpdateUserVariables } from './useAdminUsers';

// Spec §8 texts.
const TEXT = {
  roleUpdated: 'User role updated successfully',
  planUpdated: 'User plan updated successfully',
  roleFailed: 'Failed to update user role',
  planFailed: 'Failed to update user plan',
  loadFailed: 'Failed to load users',
} as const;

const formatDate = (at: string | null, format: string) => (at && dayjs(at).isValid() ? dayjs(at).format(format) : null);

export function UsersTab() {
  const { token } = theme.useToken();
  const { user: me } = useHost();
  // On phones the Email column is hidden, so the address goes under the name instead.
  const showEmailColumn = Grid.useBreakpoint().sm ?? true;
  const notify = useAdminNotify();
  const confirm = useConfirm();
  const usersQuery = useAdminUsers();
  const updateUser = useUpdateUser(me.id);

  // Changes still being saved: each select shows its new value and a spinner until the list is fresh.
  const pending = useMutationState({
    filters: { mutationKey: UPDATE_USER_MUTATION_KEY, status: 'pending' },
    select: (m) => m.state.variables as UpdateUserVariables | undefined,
  });
  const pendingRole = (id: number) =>
    pending.findLast((v) => v?.id === id && 'role' in v) as { role: UserRole } | undefined;
  const pendingPlan = (id: number) =>
    pending.findLast((v) => v?.id === id && 'plan' in v) as { plan: UserPlan } | undefined;

  const save = async (variables: UpdateUserVariables) => {
    const isRole = 'role' in variables;
    try {
      await updateUser.mutateAsync(variables);
      notify.success(isRole ? TEXT.roleUpdated : TEXT.planUpdated);
    } catch (error) {
      notify.failure(isRole ? TEXT.roleFailed : TEXT.planFailed, error);
    }
  };

  const changeRole = async (user: AuthUser, role: UserRole) => {
    // Demoting yourself closes this panel to you; ask first.
    if (user.id === me.id && role !== 'admin') {
      const ok = await confirm({
        title: 'Remove your own admin access?',
        content: 'You will no longer be able to open the Admin Panel unless another admin gives it back.',
        okText: 'Remove access',
        danger: true,
      });
      if (!ok) return;
    }
    await save({ id: user.id, role });
  };

  const columns: TableColumnsType<AuthUser> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, user) => (
        <Flex align="center" gap={token.marginSM}>
          <Avatar
            size="small"
            src={user.profileImageUrl ?? undefined}
            style={{ background: token.colorPrimary, flex: 'none' }}
          >
            {initials(user)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block' }}>
              {displayName(user)}
            </Typography.Text>
            {showEmailColumn ? null : (
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {user.email}
              </Typography.Text>
            )}
          </div>
          {user.id === me.id ? <Tag style={{ marginInlineEnd: 0 }}>You</Tag> : null}
        </Flex>
      ),
    },
    {
      title: 'Email',
      dataIndex: 'email',
      key: 'email',
      responsive: ['sm'],
      render: (email: string) => (
        <Typography.Text copyable={{ text: email, tooltips: ['Copy email', 'Copied'] }}>{email}</Typography.Text>
      ),
    },
    {
      title: 'Role',
      key: 'role',
      width: 130,
      render: (_, user) => {
        const saving = pendingRole(user.id);
        return (
          <Select
            aria-label={`Role for ${user.email}`}
            value={saving?.role ?? user.role}
            loading={Boolean(saving)}
            disabled={Boolean(saving)}
            options={roleOptions}
            onChange={(role) => void changeRole(user, role)}
            style={{ width: 110 }}
          />
        );
      },
    },
    {
      title: 'Plan',
      key: 'plan',
      width: 150,
      render: (_, user) => {
        const saving = pendingPlan(user.id);
        return (
          <Select
            aria-label={`Plan for ${user.email}`}
            value={saving?.plan ?? user.plan}
            loading={Boolean(saving)}
            disabled={Boolean(saving)}
            options={planOptions}
            onChange={(plan) => void save({ id: user.id, plan })}
            style={{ width: 130 }}
          />
        );
      },
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      responsive: ['md'],
      render: (status: string) => <Tag color={status === 'active' ? 'success' : 'default'}>{capitalise(status)}</Tag>,
    },
    {
      title: 'Last login',
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      render: (at: string | null) => {
        const shown = formatDate(at, DATE_TIME_FORMAT);
        return shown ? <time dateTime={at!}>{shown}</time> : <Typography.Text type="secondary">Never</Typography.Text>;
      },
    },
    {
      title: 'Joined',
      dataIndex: 'createdAt',
      key: 'createdAt',
      responsive: ['lg'],
      render: (at: string) => (
        <Tooltip title={formatDate(at, DATE_TIME_FORMAT)}>
          <time dateTime={at}>{formatDate(at, DATE_FORMAT)}</time>
        </Tooltip>
      ),
    },
    {
      title: '',
      key: 'resetPassword',
      align: 'right',
      render: (_, user) => (user.id === me.id ? null : <ResetPasswordLinkButton user={user} />),
    },
  ];

  return (
    <Flex vertical gap={token.margin}>
      {usersQuery.isError ? <QueryErrorAlert title={TEXT.loadFailed} query={usersQuery} /> : null}
      <Table<AuthUser>
        aria-label="Users"
        rowKey="id"
        columns={columns}
        dataSource={usersQuery.data ?? []}
        loading={usersQuery.isPending && !usersQuery.isError}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: usersQuery.isError ? ' ' : <EmptyState description="No users yet" /> }}
      />
    </Flex>
  );
}
