import { useRef, type ReactNode } from 'react';
import { Avatar, Button, Checkbox, Dropdown, Flex, Skeleton, Tooltip, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import { EditOutlined, InboxOutlined, MoreOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Email } from '@aide/contracts';
import { t as translate, useT } from '../i18n';
import { initials, parseAddress, snippet, subjectOf } from '../shared/emailText';
import { EmailTags } from '../shared/EmailTags';
import { categoryLabel, priorityLabel } from '../shared/labels';
import { fromNow, fullDate } from '../shared/time';
import { rowUnread, ThreadCount, threadRowLabel, threadSenders } from '../threads/ThreadCount';

/** A stable avatar colour per sender. */
// Each at least 4.5:1 behind the white initial (WCAG AA), in light and dark alike.
const AVATAR_COLORS = ['#4f46e5', '#0e7490', '#047857', '#b45309', '#be185d', '#7c3aed', '#2563eb', '#dc2626'];
function avatarColor(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length];
}

/** What a screen reader says for a row: 'Unread. Grace Hopper: Lunch? Urgent, Work. 5 minutes ago'. */
export function rowLabel(email: Email, sender: string, subject: string): string {
  const tags = [
    priorityLabel(email.priority),
    email.category ? categoryLabel(email.category) : null,
    email.metadata?.status === 'draft' ? translate('tags.draft') : null,
  ];
  return translate('row.label', {
    unread: email.isRead ? 'no' : 'yes',
    sender,
    subject,
    stop: /[.?!…。？！]$/.test(subject) ? 'no' : 'yes',
    tags: tags.filter(Boolean).join(translate('row.tagSeparator')),
    when: fromNow(email.receivedAt),
  });
}

export interface EmailRowProps {
  email: Email;
  onOpen: () => void;
  onEditTriage: () => void;
  onToggleArchived: () => void;
  busy?: boolean;
  /** Bulk actions (issue 24): the row's checkbox; the Shift key extends the selection to a range. */
  selection?: { selected: boolean; onToggle: (shiftKey: boolean) => void; label: string };
  /** Snooze (issue 24): more menu items (answers whether it handled the key) and tags (the wake time). */
  extra?: { menuItems?: NonNullable<MenuProps['items']>; onMenuClick?: (key: string) => boolean; tags?: ReactNode };
}

/** One message: who, what, when and its tags; unread rows are bold. The row opens it; the menu edits or archives it. */
export function EmailRow({ email, onOpen, onEditTriage, onToggleArchived, busy, selection, extra }: EmailRowProps) {
  const t = useT();
  const { token } = theme.useToken();
  const menuButton = useRef<HTMLButtonElement>(null);
  const sender = parseAddress(
    email.metadata?.status === 'sent' || email.metadata?.status === 'draft' ? email.to : email.from,
  );
  // Threads (issue 24): a conversation row names its senders and counts its messages.
  const senderLabel =
    threadSenders(email) ??
    (email.metadata?.status === 'sent' || email.metadata?.status === 'draft'
      ? t('row.to', { name: sender.name })
      : sender.name);
  const subject = subjectOf(email);
  const unread = rowUnread(email);
  const weight = unread ? token.fontWeightStrong : 400;
  const menu = {
    items: [
      { key: 'triage', label: t('actions.editTriage'), icon: <EditOutlined aria-hidden /> },
      {
        key: 'archive',
        label: email.isArchived ? t('actions.unarchive') : t('actions.archive'),
        icon: <InboxOutlined aria-hidden />,
      },
      ...(extra?.menuItems ?? []),
    ],
    onClick: ({ key }: { key: string }) => {
      // The menu closes: focus goes back to its button, so a dialog opened from it returns there.
      menuButton.current?.focus();
      if (extra?.onMenuClick?.(key)) return;
      if (key === 'triage') onEditTriage();
      else onToggleArchived();
    },
  };

  return (
    <div
      className={`aide-email-row${unread ? ' aide-email-row-unread' : ''}`}
      data-testid={`email-row-${email.id}`}
      aria-busy={busy || undefined}
    >
      {/*
        The row's button covers the whole row and is named for screen readers; what the row shows is
        drawn over it, hidden from them (the name says it all) and letting clicks through to it. So the
        button has no visible text of its own that its name would have to contain.
      */}
      <button
        type="button"
        className="aide-email-row-open"
        onClick={onOpen}
        aria-label={threadRowLabel(email, rowLabel({ ...email, isRead: !unread }, senderLabel, subject))}
      />
      {selection ? (
        <Checkbox
          className="aide-email-row-select"
          // Above the row's button (z-index 0) and its content (1), level with the avatar.
          style={{ position: 'relative', zIndex: 2, marginTop: 14, marginInlineStart: 8 }}
          checked={selection.selected}
          aria-label={selection.label}
          onChange={(event) => selection.onToggle(event.nativeEvent.shiftKey)}
        />
      ) : null}
      <div className="aide-email-row-content" aria-hidden>
        <Avatar
          className="aide-email-row-avatar"
          style={{ flex: 'none', background: avatarColor(sender.address || sender.name), color: '#fff' }}
        >
          {initials(sender.name)}
        </Avatar>
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
            {unread ? <span className="aide-email-unread-dot" /> : null}
            <Typography.Text ellipsis style={{ flex: 1, minWidth: 0, fontWeight: weight }}>
              {senderLabel}
            </Typography.Text>
            <ThreadCount email={email} />
            <Flex className="aide-email-tags-inline" gap={token.marginXXS} style={{ flex: 'none' }}>
              <EmailTags email={email} />
            </Flex>
            {email.attachments?.length ? (
              <PaperClipOutlined title={t('row.attachments')} style={{ color: token.colorTextTertiary }} />
            ) : null}
            <Tooltip title={fullDate(email.receivedAt)}>
              <Typography.Text
                type="secondary"
                className="aide-email-row-time"
                onClick={onOpen}
                style={{ flex: 'none', textAlign: 'end', fontSize: token.fontSizeSM, fontWeight: weight }}
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
          {extra?.tags ? <Flex style={{ marginTop: token.marginXXS }}>{extra.tags}</Flex> : null}
        </Flex>
      </div>
      <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
        <Button
          ref={menuButton}
          className="aide-email-row-menu"
          type="text"
          icon={<MoreOutlined aria-hidden />}
          loading={busy}
          aria-label={t('row.actions', { subject })}
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
  /** Bulk actions (issue 24): checkboxes on the rows; `index` is the row's place in `emails`. */
  selection?: {
    isSelected: (email: Email) => boolean;
    onToggle: (index: number, shiftKey: boolean) => void;
    labelFor: (email: Email) => string;
  };
  /** Snooze (issue 24): a row's extra menu items and tags. */
  rowExtra?: (email: Email) => EmailRowProps['extra'];
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
  selection,
  rowExtra,
}: EmailListProps) {
  const t = useT();
  const { token } = theme.useToken();
  if (loading && !emails) {
    return (
      <Flex
        vertical
        gap={token.marginLG}
        style={{ padding: token.padding }}
        role="status"
        aria-label={t('list.loading')}
      >
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} avatar active paragraph={{ rows: 2 }} title={false} />
        ))}
      </Flex>
    );
  }
  if (!emails?.length) return <>{empty}</>;
  return (
    <ul className="aide-email-list" aria-label={label}>
      {emails.map((email, index) => (
        <li key={email.id}>
          <EmailRow
            email={email}
            busy={busyId === email.id}
            selection={
              selection && {
                selected: selection.isSelected(email),
                onToggle: (shiftKey) => selection.onToggle(index, shiftKey),
                label: selection.labelFor(email),
              }
            }
            extra={rowExtra?.(email)}
            onOpen={() => onOpen(email)}
            onEditTriage={() => onEditTriage(email)}
            onToggleArchived={() => onToggleArchived(email)}
          />
        </li>
      ))}
    </ul>
  );
}
