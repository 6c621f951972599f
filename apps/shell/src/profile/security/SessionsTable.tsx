import { Button, Flex, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { DesktopOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { errorDetail } from '@aide/api-client';
import type { SignInSession } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { FetchErrorAlert, useConfirm } from '@aide/ui';
import { signOut } from '../signOut';
import { useEndOtherSessions, useEndSession, useSessions } from './useAccountSecurity';

dayjs.extend(relativeTime);

const when = (at: string | null) => (at ? dayjs(at) : null);
const isPhone = (device: string | null) => /iphone|ipad|android|mobile|tablet/i.test(device ?? '');

/** Where the account is signed in: one row a session, each with Sign out, and Sign out everywhere else. */
export function SessionsTable() {
  const { token } = theme.useToken();
  const { toast } = useHost();
  const confirm = useConfirm();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const signOutSession = async (session: SignInSession) => {
    if (session.current) return signOut();
    try {
      await endSession.mutateAsync(session.key);
      toast({
        title: 'Session signed out',
        description: `${session.browser ?? 'The browser'} on ${session.device ?? 'that device'} must sign in again.`,
      });
    } catch (error) {
      toast({ title: 'Could not sign out that session', description: errorDetail(error), variant: 'destructive' });
    }
  };

  const signOutEverywhereElse = async () => {
    const ok = await confirm({
      title: 'Sign out everywhere else?',
      content:
        'Every other browser and device signed in to your account will have to sign in again. This one stays signed in.',
      okText: 'Sign out everywhere else',
      danger: true,
    });
    if (!ok) return;
    try {
      await endOthers.mutateAsync();
      toast({ title: 'Signed out everywhere else', description: 'Only this browser is still signed in.' });
    } catch (error) {
      toast({
        title: 'Could not sign out the other sessions',
        description: errorDetail(error),
        variant: 'destructive',
      });
    }
  };

  if (sessions.isError) return <FetchErrorAlert title="Could not load your sessions" query={sessions} />;
  return (
    <Flex vertical gap={12}>
      <Table<SignInSession>
        rowKey="key"
        size="middle"
        loading={sessions.isPending}
        dataSource={sessions.data}
        pagination={false}
        scroll={{ x: 480 }}
        aria-label="Signed-in sessions"
        columns={[
          {
            title: 'Device',
            key: 'device',
            render: (_, s) => (
              <Flex gap={12} align="center">
                <span aria-hidden style={{ fontSize: 20, color: token.colorTextSecondary }}>
                  {isPhone(s.device) ? <MobileOutlined /> : <DesktopOutlined />}
                </span>
                <Flex vertical>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{s.browser ?? 'Unknown browser'}</Typography.Text>
                    {s.current && (
                      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                        This device
                      </Tag>
                    )}
                  </Flex>
                  <Typography.Text type="secondary">{s.device ?? 'Unknown device'}</Typography.Text>
                </Flex>
              </Flex>
            ),
          },
          {
            title: 'IP address',
            dataIndex: 'ip',
            render: (ip: string | null) => (
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>{ip ?? '—'}</Typography.Text>
            ),
          },
          {
            title: 'Last seen',
            key: 'lastSeenAt',
            render: (_, s) => {
              const seen = when(s.lastSeenAt);
              if (s.current) return <Typography.Text style={{ whiteSpace: 'nowrap' }}>Active now</Typography.Text>;
              return seen ? (
                <Tooltip title={`Signed in ${when(s.createdAt)?.format('D MMM YYYY, HH:mm') ?? ''}`}>
                  <span style={{ whiteSpace: 'nowrap' }}>{seen.fromNow()}</span>
                </Tooltip>
              ) : (
                '—'
              );
            },
          },
          {
            title: '',
            key: 'actions',
            align: 'right',
            render: (_, s) => (
              <Button
                size="small"
                icon={<LogoutOutlined />}
                loading={endSession.isPending && endSession.variables === s.key}
                onClick={() => void signOutSession(s)}
                aria-label={
                  s.current
                    ? 'Sign out this device'
                    : `Sign out ${s.browser ?? 'session'} on ${s.device ?? 'unknown device'}`
                }
              >
                Sign out
              </Button>
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">
          {others === 0
            ? 'You are signed in only here.'
            : `You are signed in on ${others} other ${others === 1 ? 'browser or device' : 'browsers or devices'}.`}
        </Typography.Text>
        <Button
          danger
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() => void signOutEverywhereElse()}
        >
          Sign out everywhere else
        </Button>
      </Flex>
    </Flex>
  );
}
