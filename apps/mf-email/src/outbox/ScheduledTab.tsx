/**
 * The Scheduled tab (issue 24): messages given a time to go out, and those that could not be sent.
 * A scheduled one can be moved (Reschedule) or taken back to edit (Cancel sending); a failed one
 * shows why and can be sent again (Retry) or taken back. Loaded only when the tab is opened.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Skeleton, Tag, Tooltip, Typography, theme } from 'antd';
import { CalendarOutlined, ClockCircleOutlined, RedoOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { EMAIL_UNDO_SEND_SECONDS, type OutgoingEmail } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, EmptyText, FetchErrorAlert, useConfirm } from '@aide/ui';
import { useT } from '../i18n/outbox';
import { serverMessage } from '../shared/emailText';
import { fromNow, fullDate } from '../shared/time';
import { outboxErrorText } from './outboxErrors';
import { useOutboxNotice } from './outboxNotice';
import { RescheduleDialog } from './RescheduleDialog';
import { reopenMessage } from './reopenedMessages';
import { scheduledOrFailed, useCancelOutgoing, useOutbox, useRescheduleOutgoing } from './useOutbox';

export default function ScheduledTab() {
  const t = useT();
  const { token } = theme.useToken();
  const { toast } = useHost();
  const confirm = useConfirm();
  const outbox = useOutbox({ poll: true });
  const reschedule = useRescheduleOutgoing();
  const cancel = useCancelOutgoing();
  const announce = useOutboxNotice();
  const [moving, setMoving] = useState<OutgoingEmail | null>(null);
  const items = scheduledOrFailed(outbox.data);
  const subjectOf = (item: OutgoingEmail) => item.subject.trim() || t('common.noSubject');

  const move = async (item: OutgoingEmail, sendAt: string): Promise<boolean> => {
    try {
      const moved = await reschedule.mutateAsync({ id: item.id, sendAt });
      toast({ title: t('reschedule.done', { time: fullDate(moved.sendAt) }) });
      return true;
    } catch (error) {
      toast({
        title: t('reschedule.failed'),
        description: serverMessage(error, '') || undefined,
        variant: 'destructive',
      });
      return false;
    }
  };

  /**
   * Send now (a scheduled message) or Retry (a failed one): it goes out after the undo window, with
   * the Sending… notification. Undo puts a scheduled message back at its time, and gives a failed
   * one back to edit.
   */
  const sendNow = async (item: OutgoingEmail) => {
    const soon = new Date(Date.now() + EMAIL_UNDO_SEND_SECONDS * 1000).toISOString();
    let moved: OutgoingEmail;
    try {
      moved = await reschedule.mutateAsync({ id: item.id, sendAt: soon });
    } catch (error) {
      toast({ title: t('retry.failed'), description: serverMessage(error, '') || undefined, variant: 'destructive' });
      return;
    }
    const wasScheduled = item.status === 'waiting' && Date.parse(item.sendAt) > Date.now() + 60_000;
    announce(moved, {
      goingNow: true,
      doneText: wasScheduled
        ? t('notice.scheduledAgain', { subject: subjectOf(item), time: fullDate(item.sendAt) })
        : t('notice.backToEdit', { subject: subjectOf(item) }),
      run: async () => {
        if (wasScheduled) {
          await reschedule.mutateAsync({ id: item.id, sendAt: item.sendAt });
          return;
        }
        const { message } = await cancel.mutateAsync(item.id);
        reopenMessage(message);
      },
    });
  };

  const takeBack = async (item: OutgoingEmail) => {
    const ok = await confirm({
      title: t('cancel.title'),
      content: t('cancel.description'),
      okText: t('cancel.confirm'),
      cancelText: t('cancel.keep'),
      danger: true,
    });
    if (!ok) return;
    try {
      const { message } = await cancel.mutateAsync(item.id);
      toast({ title: t('cancel.done'), description: t('notice.backToEdit', { subject: subjectOf(item) }) });
      reopenMessage(message);
    } catch (error) {
      toast({
        title: t('cancel.failed'),
        description: serverMessage(error, '') || undefined,
        variant: 'destructive',
      });
    }
  };

  const recipients = (item: OutgoingEmail) => {
    const all = [...item.to, ...item.cc, ...item.bcc];
    const text = all.length <= 2 ? all.join(', ') : t('list.moreRecipients', { first: all[0], count: all.length - 1 });
    return t('list.to', { recipients: text });
  };

  const statusTag = (item: OutgoingEmail) => {
    if (item.status === 'failed') return <Tag color="error">{t('status.failed')}</Tag>;
    if (item.status === 'sending') return <Tag color="processing">{t('status.sending')}</Tag>;
    if (item.error) return <Tag color="warning">{t('status.retrying')}</Tag>;
    return <Tag color="blue">{t('status.scheduled')}</Tag>;
  };

  const busy = (item: OutgoingEmail) =>
    (reschedule.isPending && reschedule.variables?.id === item.id) ||
    (cancel.isPending && cancel.variables === item.id);

  const actions = (item: OutgoingEmail) => {
    if (item.status === 'sending') return [];
    const disabled = busy(item);
    const buttons = [
      <Button
        key="reschedule"
        size="small"
        icon={<CalendarOutlined aria-hidden />}
        disabled={disabled}
        onClick={() => setMoving(item)}
      >
        {t('actions.reschedule')}
      </Button>,
      <Button
        key="cancel"
        size="small"
        danger
        icon={<RollbackOutlined aria-hidden />}
        disabled={disabled}
        onClick={() => void takeBack(item)}
      >
        {t('actions.cancel')}
      </Button>,
    ];
    if (item.status === 'failed')
      buttons.unshift(
        <Button
          key="retry"
          size="small"
          type="primary"
          icon={<RedoOutlined aria-hidden />}
          loading={disabled && reschedule.isPending}
          disabled={disabled}
          onClick={() => void sendNow(item)}
        >
          {t('actions.retry')}
        </Button>,
      );
    else
      buttons.unshift(
        <Button
          key="send-now"
          size="small"
          icon={<SendOutlined aria-hidden />}
          disabled={disabled}
          onClick={() => void sendNow(item)}
        >
          {t('actions.sendNow')}
        </Button>,
      );
    return buttons;
  };

  return (
    <Flex vertical gap={token.margin}>
      <FetchErrorAlert query={outbox} title={t('load.failed')} retryLabel={t('load.retry')} />
      <Card styles={{ body: { padding: 0 } }}>
        {outbox.isPending ? (
          <Skeleton active style={{ padding: token.paddingLG }} />
        ) : items.length === 0 ? (
          <EmptyState description={<EmptyText title={t('empty.title')} hint={t('empty.hint')} />} />
        ) : (
          <Flex
            component="ul"
            vertical
            aria-label={t('list.label')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((item, index) => (
              <li
                key={item.id}
                aria-label={subjectOf(item)}
                style={{
                  padding: `${token.padding}px ${token.paddingLG}px`,
                  borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
                }}
              >
                <Flex vertical gap={token.marginXXS}>
                  <Flex align="center" gap={token.marginXS} wrap>
                    <Typography.Text strong ellipsis style={{ maxWidth: '100%' }}>
                      {subjectOf(item)}
                    </Typography.Text>
                    {statusTag(item)}
                  </Flex>
                  <Typography.Text type="secondary" ellipsis>
                    {recipients(item)}
                  </Typography.Text>
                  <Tooltip title={fromNow(item.sendAt)}>
                    <Typography.Text type={item.status === 'failed' ? 'secondary' : undefined}>
                      <ClockCircleOutlined aria-hidden style={{ marginInlineEnd: token.marginXXS }} />
                      {t(item.status === 'failed' ? 'list.failedAt' : 'list.sendsAt', { time: fullDate(item.sendAt) })}
                    </Typography.Text>
                  </Tooltip>
                  {item.error ? (
                    <Alert
                      type={item.status === 'failed' ? 'error' : 'warning'}
                      showIcon
                      title={outboxErrorText(item.error, t)}
                      style={{ marginTop: token.marginXS }}
                    />
                  ) : null}
                  {item.status === 'sending' ? null : (
                    <Flex wrap gap={token.marginXS} style={{ marginTop: token.marginXS }}>
                      {actions(item)}
                    </Flex>
                  )}
                </Flex>
              </li>
            ))}
          </Flex>
        )}
      </Card>
      <RescheduleDialog
        outgoing={moving}
        saving={reschedule.isPending}
        onCancel={() => setMoving(null)}
        onSubmit={async (sendAt) => {
          if (!moving) return false;
          const ok = await move(moving, sendAt);
          if (ok) setMoving(null);
          return ok;
        }}
      />
    </Flex>
  );
}
