import { Alert, Avatar, Button, Collapse, Flex, Skeleton, Tooltip, Typography, theme } from 'antd';
import { RollbackOutlined, ShareAltOutlined } from '@ant-design/icons';
import { errorDetail } from '@aide/api-client';
import type { Email } from '@aide/contracts';
import { useT } from '../i18n/threads';
import { EmailBodyWithPrivacy } from '../newsletters/EmailBodyWithPrivacy';
import { initials, parseAddress, snippet } from '../shared/emailText';
import { fromNow, fullDate } from '../shared/time';
import { useEmailThread, useReadThread } from './useThreads';
import './threads.css';

export interface ThreadConversationProps {
  threadId: number;
  /** Reply or forward one message of the conversation. */
  onReply?: (email: Email) => void;
  onForward?: (email: Email) => void;
}

/**
 * A conversation in the detail dialog: its messages oldest first, the older ones collapsed to their
 * sender and a snippet, the newest open; each opens and closes, and has its own Reply and Forward.
 */
export function ThreadConversation({ threadId, onReply, onForward }: ThreadConversationProps) {
  const t = useT();
  const { token } = theme.useToken();
  const thread = useEmailThread(threadId);
  const emails = thread.data?.emails;
  useReadThread(emails);

  if (thread.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('thread.loadFailed')}
        description={errorDetail(thread.error)}
        action={
          <Button size="small" onClick={() => void thread.refetch()} loading={thread.isFetching}>
            {t('thread.retry')}
          </Button>
        }
      />
    );
  }
  if (!emails) {
    return (
      <div role="status" aria-label={t('thread.loading')}>
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      </div>
    );
  }

  const newest = emails[emails.length - 1];
  const items = emails.map((email) => {
    const sender = parseAddress(email.from);
    return {
      key: String(email.id),
      label: (
        <Flex gap={token.marginSM} align="flex-start" style={{ minWidth: 0 }}>
          <Avatar size="small" style={{ flex: 'none', background: token.colorPrimary }} aria-hidden>
            {initials(sender.name)}
          </Avatar>
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Flex justify="space-between" gap={token.marginXS} style={{ minWidth: 0 }}>
              <Typography.Text strong={!email.isRead} ellipsis style={{ minWidth: 0 }}>
                {sender.name}
              </Typography.Text>
              <Tooltip title={fullDate(email.receivedAt)}>
                <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }}>
                  <time dateTime={email.receivedAt}>{fromNow(email.receivedAt)}</time>
                </Typography.Text>
              </Tooltip>
            </Flex>
            <Typography.Text type="secondary" ellipsis className="aide-thread-snippet" style={{ minWidth: 0 }}>
              {snippet(email.body, 140)}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
      children: (
        <Flex vertical gap={token.marginSM}>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
            {t('thread.to', { to: email.to || '—' })}
          </Typography.Text>
          <EmailBodyWithPrivacy email={email} />
          {onReply || onForward ? (
            <Flex wrap gap={token.marginXS} justify="flex-end">
              {onForward ? (
                <Button
                  size="small"
                  icon={<ShareAltOutlined aria-hidden />}
                  aria-label={t('thread.forwardFrom', { name: sender.name })}
                  onClick={() => onForward(email)}
                >
                  {t('thread.forward')}
                </Button>
              ) : null}
              {onReply ? (
                <Button
                  size="small"
                  icon={<RollbackOutlined aria-hidden />}
                  aria-label={t('thread.replyTo', { name: sender.name })}
                  onClick={() => onReply(email)}
                >
                  {t('thread.reply')}
                </Button>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
      ),
    };
  });

  return (
    <section aria-label={t('thread.label', { count: emails.length })}>
      <Collapse
        className="aide-thread"
        items={items}
        defaultActiveKey={[String(newest.id)]}
        expandIconPosition="end"
        size="small"
      />
    </section>
  );
}
