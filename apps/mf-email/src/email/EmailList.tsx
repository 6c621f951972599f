import type { ReactNode } from 'react';
import { Avatar, Button, Dropdown, Flex, Skeleton, Tooltip, Typography, theme } from 'antd';
import { EditOutlined, InboxOutlined, MoreOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { initials, parseAddress, snippet, subjectOf } from '../shared/emailText';
import { EmailTags } from '../shared/EmailTags';
import { CATEGORY_LABELS, PRIORITY_LABELS } from '../shared/labels';
import { fromNow, fullDate } from '../shared/time';

export const ROW_MENU_TEXT = {
  editTriage: 'Edit Priority & Category',
  archive: 'Archive',
  unarchive: 'Unarchive',
} as const;

/** A stable avatar colour per sender. */
const AVATAR_COLORS = ['#4f46e5', '#0891b2', '#059669', '#d97706', '#db2777', '#7c3aed', '#2563eb', '#dc2626'];
function avatarColor(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length];
}

/** What a screen reader says for a row: 'Unread. Grace Hopper: Lunch? Urgent, Work. 5 minutes ago'. */
export function rowLabel(email: Email, sender: string, subject: string): string {
  const tags = [
    PRIORITY_LABELS[email.priority],
    email.category ? CATEGORY_LABELS[email.category] : null,
    email.metadata?.status === 'draft' ? 'Draft' : null,
  ];
  const stop = /[.?!…]$/.test(subject) ? '' : '.';
  return `${email.isRead ? '' : 'Unread. '}${sender}: ${subject}${stop} ${tags.filter(Boolean).join(', ')}. ${fromNow(email.receivedAt)}`;
}

export interface EmailRowProps {
  email: Email;
  onOpen: () => void;
  onEditTriage: () => void;
  onToggleArchived: () => void;
  busy?: boolean;
}

/** One message: who, what, when and its tags; unread rows are bold. The row opens it; the menu edits or archives it. */
export function EmailRow({ email, onOpen, onEditTriage, onToggleArchived, busy }: EmailRowProps) {
  const { token } = theme.useToken();
  const sender = parseAddress(
    email.metadata?.status === 'sent' || email.metadata?.status === 'draft' ? email.to : email.from,
  );
  const senderLabel =
    email.metadata?.status === 'sent' || email.metadata?.status === 'draft' ? `To: ${sender.name}` : sender.name;
  const subject = subjectOf(email);
  const weight = email.isRead ? 400 : token.fontWeightStrong;
  const menu = {
    items: [
      { key: 'triage', label: ROW_MENU_TEXT.editTriage, icon: <EditOutlined aria-hidden /> },
      {
        key: 'archive',
        label: email.isArchived ? ROW_MENU_TEXT.unarchive : ROW_MENU_TEXT.archive,
        icon: <InboxOutlined aria-hidden />,
      },
    ],
    onClick: ({ key }: { key: string }) => (key === 'triage' ? onEditTriage() : onToggleArchived()),
  };

  return (
    <div
      className={`aide-email-row${email.isRead ? '' : ' aide-email-row-unread'}`}
      data-testid={`email-row-${email.id}`}
      aria-busy={busy || undefined}
    >
      <button
        type="button"
        className="aide-email-row-open"
        onClick={onOpen}
        aria-label={rowLabel(email, senderLabel, subject)}
      >
        <Avatar
          className="aide-email-row-avatar"
          style={{ flex: 'none', background: avatarColor(sender.address || sender.name) }}
          aria-hidden
        >
          {initials(sender.name)}
        </Avatar>
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
            {email.isRead ? null : <span className="aide-email-unread-dot" aria-hidden />}
            {email.isRead ? null : <span className="aide-email-sr-only">Unread. </span>}
            <Typography.Text ellipsis style={{ flex: 1, minWidth: 0, fontWeight: weight }}>
              {senderLabel}
            </Typography.Text>
            <Flex className="aide-email-tags-inline" gap={token.marginXXS} style={{ flex: 'none' }}>
              <EmailTags email={email} />
            </Flex>
            {email.attachments?.length ? (
              <PaperClipOutlined aria-label="Has attachments" style={{ color: token.colorTextTertiary }} />
            ) : null}
            <Tooltip title={fullDate(email.receivedAt)}>
              <Typography.Text
                type="secondary"
                style={{ flex: 'none', minWidth: 64, textAlign: 'end', fontSize: token.fontSizeSM, fontWeight: weight }}
              >
                <time dateTime={email.receivedAt}>{fromNow(email.receivedAt)}</time>
              </Typography.Text>
            </Tooltip>
          </Flex>
          <Typography.Text ellipsis style={{ minWidth: 0 }}>
            <span style={{ fontWeight: weight }}>{subject}</span>
            {email.body.trim() ? (
              <span style={{ color: token.colorTextSecondary }}>{` — ${snippet(email.body)}`}</span>
            ) : null}
          </Typography.Text>
          <Flex className="aide-email-tags-below" wrap gap={token.marginXXS} style={{ marginTop: token.marginXXS }}>
            <EmailTags email={email} />
          </Flex>
        </Flex>
      </button>
      <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
        <Button
          className="aide-email-row-menu"
          type="text"
          icon={<MoreOutlined />}
          loading={busy}
          aria-label={`Actions for ${subject}`}
        />
      </Dropdown>
    </div>
  );
}

export interface EmailListProps {
  emails: Email[] | undefined;
  loading: boolean;
  /** Rows shown while loading. */
  skeletonRows?: number;
  /** Shown when there are no emails. */
  empty: ReactNode;
  label: string;
  busyId?: number;
  onOpen: (email: Email) => void;
  onEditTriage: (email: Email) => void;
  onToggleArchived: (email: Email) => void;
}

export function EmailList({
  emails,
  loading,
  skeletonRows = 6,
  empty,
  label,
  busyId,
  onOpen,
  onEditTriage,
  onToggleArchived,
}: EmailListProps) {
  const { token } = theme.useToken();
  if (loading && !emails) {
    return (
      <Flex vertical gap={token.marginLG} style={{ padding: token.padding }} role="status" aria-label="Loading emails">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} avatar active paragraph={{ rows: 2 }} title={false} />
        ))}
      </Flex>
    );
  }
  if (!emails?.length) return <>{empty}</>;
  return (
    <ul className="aide-email-list" aria-label={label}>
      {emails.map((email) => (
        <li key={email.id}>
          <EmailRow
            email={email}
            busy={busyId === email.id}
            onOpen={() => onOpen(email)}
            onEditTriage={() => onEditTriage(email)}
            onToggleArchived={() => onToggleArchived(email)}
          />
        </li>
      ))}
    </ul>
  );
}
