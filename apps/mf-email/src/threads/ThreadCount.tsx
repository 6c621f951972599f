import { Tag } from 'antd';
import type { Email } from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { t as translate, useT } from '../i18n/threads';
import { parseAddress } from '../shared/emailText';
import { isConversation } from './useThreads';

/** A conversation row's message count, beside its senders. */
export function ThreadCount({ email }: { email: Email }) {
  const t = useT();
  if (!isConversation(email)) return null;
  const count = email.thread!.size;
  return (
    <Tag
      className="aide-thread-count"
      variant="filled"
      title={t('row.count', { count })}
      style={{ marginInlineEnd: 0, flex: 'none' }}
    >
      {formatNumber(count)}
    </Tag>
  );
}

/** The senders a conversation row shows instead of one: first names, in order of first message ('Grace, Alan, Ada'). */
export function threadSenders(email: Email): string | null {
  if (!isConversation(email)) return null;
  const names = email.thread!.participants.map((from) => parseAddress(from).name.split(/\s+/)[0] || from);
  return [...new Set(names)].join(', ');
}

/** Whether the row shows as unread: a conversation is unread while any of its listed messages is. */
export const rowUnread = (email: Email) => (email.thread ? email.thread.unread > 0 : !email.isRead);

/** The row's accessible name with the conversation's size and unread count. */
export const threadRowLabel = (email: Email, label: string) =>
  isConversation(email)
    ? translate('row.label', { label, count: email.thread!.size, unread: email.thread!.unread })
    : label;
