import type { ReactNode } from 'react';
import type { Email, ListEmailsQuery } from '@aide/contracts';
import type { EmailListProps } from '../email/EmailList';
import { useT } from '../i18n/actions';
import { subjectOf } from '../shared/emailText';
import { useSnoozeRowMenu } from '../snooze/useSnoozeRowMenu';
import { BulkToolbar, type BulkToolbarProps } from './BulkToolbar';
import type { RowIds } from './selection';
import { useEmailSelection } from './useEmailSelection';

/** A row's email ids: one, or (a conversation row, from the threads part) every message it stands for. */
export const idsOf = (email: Email): RowIds =>
  (email as Email & { threadEmailIds?: number[] }).threadEmailIds ?? [email.id];

/**
 * Everything the email list needs for snooze and bulk actions (issue 24), so the page hooks it in
 * with a few lines: the selection toolbar above the list, the props that give rows their
 * checkboxes and snooze menu, and the dialogs to render once.
 */
export function useEmailListActions({
  emails,
  total,
  query,
}: {
  emails: Email[] | undefined;
  total: number;
  /** The list's query; grouping by conversation does not change which emails match. */
  query: Omit<ListEmailsQuery, 'threads'> & { threads?: unknown };
}): { toolbar: ReactNode; listProps: Pick<EmailListProps, 'selection' | 'rowExtra'>; dialogs: ReactNode } {
  const t = useT();
  const rows = (emails ?? []).map(idsOf);
  const { page, pageSize, threads, ...filter } = query;
  const selection = useEmailSelection(rows, JSON.stringify([filter, page, pageSize]));
  const rowSnooze = useSnoozeRowMenu();
  const place = placeOf(filter);
  return {
    toolbar: emails?.length ? (
      <BulkToolbar
        selection={selection}
        rows={rows}
        total={total}
        filter={filter}
        canSnooze={place.kind === 'inbox' && filter.tab !== 'snoozed'}
        // Out of the Trash it is Move to Inbox (or a folder); the server archives from the Inbox.
        canArchive={place.kind !== 'trash' && filter.tab !== 'archived'}
        canDelete={place.kind !== 'trash'}
        place={place}
      />
    ) : null,
    listProps: {
      selection: {
        isSelected: (email) => selection.isSelected(idsOf(email)),
        onToggle: selection.toggleRow,
        labelFor: (email) => t('toolbar.selectRow', { subject: subjectOf(email) }),
      },
      rowExtra: rowSnooze.extraFor,
    },
    dialogs: rowSnooze.picker,
  };
}

/** Where a list's messages are, for the toolbar (a folder's list names the folder; the tab is then ignored). */
function placeOf(filter: Pick<ListEmailsQuery, 'tab' | 'folder'>): BulkToolbarProps['place'] {
  if (filter.folder) return { kind: 'folder', path: filter.folder };
  if (filter.tab === 'trash') return { kind: 'trash' };
  if (['sent', 'drafts', 'archived'].includes(filter.tab)) return { kind: 'other' };
  return { kind: 'inbox' };
}

/** The names of the tabs this part adds: Snoozed, Trash and Folders (their catalog is this part's). */
export function ActionsTabName({ tab }: { tab: 'snoozed' | 'trash' | 'folders' }) {
  const t = useT();
  return <>{t(`tabs.${tab}`)}</>;
}
