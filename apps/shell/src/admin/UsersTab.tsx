import { useMutationState } from '@tanstack/react-query';
import {
  Avatar,
  Card,
  Flex,
  Grid,
  Select,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { displayName, initials, type AuthUser, type UserPlan, type UserRole } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, useConfirm } from '@aide/ui';
import { useT } from '../i18n';
import { formatDay, formatDayTime } from '../layout/dates';
import { planOptions, roleOptions, statusLabel } from './adminLabels';
import { QueryErrorAlert } from './QueryErrorAlert';
import { ResetPasswordLinkButton } from './ResetPasswordLinkButton';
import { useAdminNotify } from './useAdminNotify';
import { UPDATE_USER_MUTATION_KEY, useAdminUsers, useUpdateUser, type UpdateUserVariables } from './useAdminUsers';

/** Named for screen readers, not shown: the column holds one button a row. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const validDate = (at: string | null) => Boolean(at && !Number.isNaN(new Date(at).getTime()));

export function UsersTab() {
  const t = useT();
  const { token } = theme.useToken();
  const { user: me } = useHost();
  const screens = Grid.useBreakpoint();
  // On phones (and narrow tablets) the users are cards: a table would scroll sideways inside its card.
  const phone = !(screens.md ?? true);
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
      // Spec §8 texts.
      notify.success(isRole ? t('admin.users.roleUpdated') : t('admin.users.planUpdated'));
    } catch (error) {
      notify.failure(isRole ? t('admin.users.roleFailed') : t('admin.users.planFailed'), error);
    }
  };

  const changeRole = async (user: AuthUser, role: UserRole) => {
    // Demoting yourself closes this panel to you; ask first.
    if (user.id === me.id && role !== 'admin') {
      const ok = await confirm({
        title: t('admin.users.demoteTitle'),
        content: t('admin.users.demoteContent'),
        okText: t('admin.users.demoteOk'),
        danger: true,
      });
      if (!ok) return;
    }
    await save({ id: user.id, role });
  };

  const roleSelect = (user: AuthUser, width: number | string) => {
    const saving = pendingRole(user.id);
    return (
      <Select
        aria-label={t('admin.users.roleFor', { email: user.email })}
        value={saving?.role ?? user.role}
        loading={Boolean(saving)}
        disabled={Boolean(saving)}
        options={roleOptions(t)}
        onChange={(role) => void changeRole(user, role)}
        style={{ width }}
      />
    );
  };
  const planSelect = (user: AuthUser, width: number | string) => {
    const saving = pendingPlan(user.id);
    return (
      <Select
        aria-label={t('admin.users.planFor', { email: user.email })}
        value={saving?.plan ?? user.plan}
        loading={Boolean(saving)}
        disabled={Boolean(saving)}
        options={planOptions}
        onChange={(plan) => void save({ id: user.id, plan })}
        style={{ width }}
      />
    );
  };
  const avatarOf = (user: AuthUser) => (
    <Avatar
      size="small"
      src={user.profileImageUrl ?? undefined}
      style={{ background: token.colorPrimary, flex: 'none' }}
    >
      {initials(user)}
    </Avatar>
  );
  const youTag = (user: AuthUser) =>
    user.id === me.id ? <Tag style={{ marginInlineEnd: 0 }}>{t('admin.users.you')}</Tag> : null;
  const statusTag = (status: string) => (
    <Tag color={status === 'active' ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
      {statusLabel(t, status)}
    </Tag>
  );

  const columns: TableColumnsType<AuthUser> = [
    {
      title: t('admin.users.name'),
      key: 'name',
      render: (_, user) => (
        <Flex align="center" gap={token.marginSM}>
          {avatarOf(user)}
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block' }}>
              {displayName(user)}
            </Typography.Text>
          </div>
          {youTag(user)}
        </Flex>
      ),
    },
    {
      title: t('admin.users.email'),
      dataIndex: 'email',
      key: 'email',
      render: (email: string) => (
        <Typography.Text copyable={{ text: email, tooltips: [t('admin.users.copyEmail'), t('common.copied')] }}>
          {email}
        </Typography.Text>
      ),
    },
    { title: t('admin.users.role'), key: 'role', width: 130, render: (_, user) => roleSelect(user, 110) },
    { title: t('admin.users.plan'), key: 'plan', width: 150, render: (_, user) => planSelect(user, 130) },
    {
      title: t('admin.users.status'),
      dataIndex: 'status',
      key: 'status',
      responsive: ['md'],
      render: (status: string) => statusTag(status),
    },
    {
      title: t('admin.users.lastLogin'),
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      render: (at: string | null) =>
        at && validDate(at) ? (
          <time dateTime={at}>{formatDayTime(at)}</time>
        ) : (
          <Typography.Text type="secondary">{t('common.never')}</Typography.Text>
        ),
    },
    {
      title: t('admin.users.joined'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      responsive: ['lg'],
      render: (at: string) =>
        validDate(at) ? (
          <Tooltip title={formatDayTime(at)}>
            <time dateTime={at}>{formatDay(at)}</time>
          </Tooltip>
        ) : null,
    },
    {
      title: <span style={VISUALLY_HIDDEN}>{t('admin.users.actions')}</span>,
      key: 'resetPassword',
      align: 'right',
      render: (_, user) => (user.id === me.id ? null : <ResetPasswordLinkButton user={user} />),
    },
  ];

  const users = usersQuery.data ?? [];
  const empty = usersQuery.isError ? null : <EmptyState description={t('admin.users.empty')} />;

  return (
    <Flex vertical gap={token.margin}>
      {usersQuery.isError ? <QueryErrorAlert title={t('admin.users.loadFailed')} query={usersQuery} /> : null}
      {phone ? (
        usersQuery.isPending && !usersQuery.isError ? (
          <Flex justify="center" style={{ padding: token.paddingLG }}>
            <Spin />
          </Flex>
        ) : users.length === 0 ? (
          empty
        ) : (
          <ul aria-label={t('admin.users.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {users.map((user) => (
              <li key={user.id} style={{ marginBottom: token.marginSM }}>
                <Card size="small" styles={{ body: { padding: token.paddingSM } }}>
                  <Flex vertical gap={token.marginSM}>
                    <Flex align="center" gap={token.marginSM}>
                      {avatarOf(user)}
                      <div style={{ minWidth: 0, flex: 1 }}>
                        <Typography.Text strong style={{ display: 'block' }} ellipsis>
                          {displayName(user)}
                        </Typography.Text>
                        <Typography.Text
                          type="secondary"
                          style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}
                        >
                          {user.email}
                        </Typography.Text>
                      </div>
                      {youTag(user)}
                      {statusTag(user.status)}
                    </Flex>
                    <Flex gap={token.marginSM}>
                      <div style={{ flex: 1, minWidth: 0 }}>{roleSelect(user, '100%')}</div>
                      <div style={{ flex: 1, minWidth: 0 }}>{planSelect(user, '100%')}</div>
                    </Flex>
                    <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
                      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                        {user.lastLoginAt && validDate(user.lastLoginAt)
                          ? t('admin.users.lastLoginOn', { date: formatDayTime(user.lastLoginAt) })
                          : t('admin.users.neverSignedIn')}
                      </Typography.Text>
                      {user.id === me.id ? null : <ResetPasswordLinkButton user={user} />}
                    </Flex>
                  </Flex>
                </Card>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Table<AuthUser>
          aria-label={t('admin.users.label')}
          rowKey="id"
          columns={columns}
          dataSource={users}
          loading={usersQuery.isPending && !usersQuery.isError}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: usersQuery.isError ? ' ' : empty }}
        />
      )}
    </Flex>
  );
}
