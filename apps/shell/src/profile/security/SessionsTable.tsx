import { Button, Flex, Grid, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { DesktopOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { errorDetail } from '@aide/api-client';
import type { SignInSession } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { FetchErrorAlert, useConfirm } from '@aide/ui';
import { signOut } from '../signOut';
import { t as translate, useT } from '../../i18n';
import { formatDayTime } from '../../layout/dates';
import { useEndOtherSessions, useEndSession, useSessions } from './useAccountSecurity';

dayjs.extend(relativeTime);

/** Named for screen readers, not shown: the column holds one button a row. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const when = (at: string | null) => (at ? dayjs(at) : null);
const isPhone = (device: string | null) => /iphone|ipad|android|mobile|tablet/i.test(device ?? '');

/** Where the account is signed in: one row a session, each with Sign out, and Sign out everywhere else. */
export function SessionsTable() {
  const t = useT();
  const { token } = theme.useToken();
  // A phone shows device and sign-out only, last seen under the device: no sideways scrolling.
  const phone = !(Grid.useBreakpoint().sm ?? true);
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
        title: translate('sessions.signedOut'),
        description: translate('sessions.signedOutDetail', {
          browser: session.browser ?? translate('sessions.theBrowser'),
          device: session.device ?? translate('sessions.thatDevice'),
        }),
      });
    } catch (error) {
      toast({ title: translate('sessions.signOutFailed'), description: errorDetail(error), variant: 'destructive' });
    }
  };

  const signOutEverywhereElse = async () => {
    const ok = await confirm({
      title: t('sessions.othersTitle'),
      content: t('sessions.othersContent'),
      okText: t('sessions.othersButton'),
      danger: true,
    });
    if (!ok) return;
    try {
      await endOthers.mutateAsync();
      toast({ title: translate('sessions.othersDone'), description: translate('sessions.othersDoneDetail') });
    } catch (error) {
      toast({
        title: translate('sessions.othersFailed'),
        description: errorDetail(error),
        variant: 'destructive',
      });
    }
  };

  if (sessions.isError) return <FetchErrorAlert title={t('sessions.loadFailed')} query={sessions} />;
  return (
    <Flex vertical gap={12}>
      <Table<SignInSession>
        rowKey="key"
        size="middle"
        loading={sessions.isPending}
        dataSource={sessions.data}
        pagination={false}
        scroll={phone ? undefined : { x: 480 }}
        aria-label={t('sessions.label')}
        columns={[
          {
            title: t('sessions.device'),
            key: 'device',
            render: (_, s) => (
              <Flex gap={12} align="center">
                <span aria-hidden style={{ fontSize: 20, color: token.colorTextSecondary }}>
                  {isPhone(s.device) ? <MobileOutlined /> : <DesktopOutlined />}
                </span>
                <Flex vertical>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{s.browser ?? t('sessions.unknownBrowser')}</Typography.Text>
                    {s.current && (
                      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                        {t('sessions.thisDevice')}
                      </Tag>
                    )}
                  </Flex>
                  <Typography.Text type="secondary">{s.device ?? t('sessions.unknownDevice')}</Typography.Text>
                  {phone ? (
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {s.current ? t('sessions.activeNow') : (when(s.lastSeenAt)?.fromNow() ?? '—')}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Flex>
            ),
          },
          {
            title: t('sessions.ip'),
            dataIndex: 'ip',
            responsive: ['sm'],
            render: (ip: string | null) => (
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>{ip ?? '—'}</Typography.Text>
            ),
          },
          {
            title: t('sessions.lastSeen'),
            key: 'lastSeenAt',
            responsive: ['sm'],
            render: (_, s) => {
              const seen = when(s.lastSeenAt);
              if (s.current)
                return <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t('sessions.activeNow')}</Typography.Text>;
              return seen ? (
                <Tooltip
                  title={s.createdAt ? t('sessions.signedInAt', { date: formatDayTime(s.createdAt) }) : undefined}
                >
                  <span style={{ whiteSpace: 'nowrap' }}>{seen.fromNow()}</span>
                </Tooltip>
              ) : (
                '—'
              );
            },
          },
          {
            title: <span style={VISUALLY_HIDDEN}>{t('admin.users.actions')}</span>,
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
                    ? t('sessions.signOutThis')
                    : t('sessions.signOutOne', {
                        browser: s.browser ?? t('sessions.unknownBrowser'),
                        device: s.device ?? t('sessions.unknownDevice'),
                      })
                }
              >
                {t('sessions.signOut')}
              </Button>
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">
          {others === 0 ? t('sessions.onlyHere') : t('sessions.others', { count: others })}
        </Typography.Text>
        <Button
          danger
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() => void signOutEverywhereElse()}
        >
          {t('sessions.othersButton')}
        </Button>
      </Flex>
    </Flex>
  );
}
