import type { ReactNode } from 'react';
import type { Email, ListEmailsQuery } from '@aide/contracts';
import type { EmailListProps } from '../email/EmailList';
import { useT } from '../i18n/actions';
import { subjectOf } from '../shared/emailText';
import { useSnoozeRowMenu } from '../snooze/useSnoozeRowMenu';
import { BulkToolbar } from './BulkToolbar';
import type { RowIds } from './selection';
import { useEmailSelection } from './useEmailSelection';

/** A row's email ids: one, or (a conversation row, from the threads part) every message it stands for. */
const idsOf = (email: Email): RowIds => (email as Email & { threadEmailIds?: number[] }).threadEmailIds ?? [email.id];

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
  const inbox = !['sent', 'drafts', 'archived', 'snoozed'].includes(filter.tab);
  return {
    toolbar: emails?.length ? (
      <BulkToolbar
        selection={selection}
        rows={rows}
        total={total}
        filter={filter}
        canSnooze={inbox}
        canArchive={filter.tab !== 'archived'}
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

/** The Snoozed tab's name (its catalog is this part's). */
export function SnoozedTabName() {
  const t = useT();
  return <>{t('tabs.snoozed')}</>;
}
