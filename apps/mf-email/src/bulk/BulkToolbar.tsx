import { Button, Checkbox, Dropdown, Flex, Grid, Tooltip, Typography, theme } from 'antd';
import type { MenuProps } from 'antd';
import {
  ClockCircleOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FolderOutlined,
  InboxOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import {
  EMAIL_CATEGORIES,
  EMAIL_INBOX_FOLDER,
  EMAIL_PRIORITIES,
  type EmailBulkAction,
  type EmailSelection,
  type ListEmailsQuery,
} from '@aide/contracts';
import { categoryLabel, priorityLabel } from '../shared/labels';
import { useSnoozeChoices } from '../snooze/useSnoozeChoices';
import { useT } from '../i18n/actions';
import { pageState, selectedCount, type RowIds } from './selection';
import { useBulkActions } from './useBulkActions';
import { folderLabels, useEmailFolders } from './useEmailFolders';
import type { EmailSelectionControls } from './useEmailSelection';

export interface BulkToolbarProps {
  selection: EmailSelectionControls;
  /** The rows on screen, each with its email ids. */
  rows: readonly RowIds[];
  /** How many emails match the list's query in all. */
  total: number;
  /** The list's query: what "all matching" sends. */
  filter: Omit<ListEmailsQuery, 'page' | 'pageSize' | 'threads'>;
  /** Snoozing makes sense for mail in the Inbox (not Sent, Drafts or Archived). */
  canSnooze: boolean;
  canArchive: boolean;
  /** Delete moves to the Trash: not offered in the Trash itself. */
  canDelete: boolean;
  /**
   * Where the list is, for the Move to menu: the Trash (Move to Inbox is its main action), the
   * Inbox or a view of it (no "Inbox" to move to), a folder (not offered as its own target), or
   * another list (Archived, Sent, Drafts).
   */
  place: { kind: 'trash' } | { kind: 'inbox' } | { kind: 'folder'; path: string } | { kind: 'other' };
}

const PRIORITY = 'priority:';
const CATEGORY = 'category:';
const NO_CATEGORY = 'none';
const MOVE = 'move:';
const READ = 'read:';

/**
 * The list's header: a checkbox for the page, and once something is selected, how much ("Select
 * all N matching" beyond the page) and the actions on it. On a phone the actions are icons.
 */
export function BulkToolbar({
  selection,
  rows,
  total,
  filter,
  canSnooze,
  canArchive,
  canDelete,
  place,
}: BulkToolbarProps) {
  const t = useT();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const compact = !screens.md;
  const { apply } = useBulkActions();
  const { state } = selection;
  const count = selectedCount(state, total);
  const page = pageState(state, rows);
  // Asked once something is selected, so the Move to menu is ready when opened.
  const folders = useEmailFolders({ enabled: count > 0 });

  const run = (action: EmailBulkAction, folderLabel?: string) => {
    const target: EmailSelection = state.allMatching ? { filter } : { ids: [...state.ids] };
    apply.mutate({ selection: target, action, folderLabel }, { onSuccess: () => selection.clear() });
  };
  const snooze = useSnoozeChoices((until) => run({ type: 'snooze', until: until.toISOString() }));

  const moreItems: MenuProps['items'] = [
    // On a phone, reading state joins the menu so the row of icons fits on one line at 390 px.
    ...(compact
      ? [
          { key: `${READ}markRead`, icon: <EyeOutlined aria-hidden />, label: t('action.markRead') },
          { key: `${READ}markUnread`, icon: <EyeInvisibleOutlined aria-hidden />, label: t('action.markUnread') },
          { type: 'divider' as const },
        ]
      : []),
    {
      key: 'priority',
      label: t('action.setPriority'),
      children: EMAIL_PRIORITIES.map((value) => ({ key: `${PRIORITY}${value}`, label: priorityLabel(value) })),
    },
    {
      key: 'category',
      label: t('action.setCategory'),
      children: [
        ...EMAIL_CATEGORIES.map((value) => ({ key: `${CATEGORY}${value}`, label: categoryLabel(value) })),
        { type: 'divider' as const },
        { key: `${CATEGORY}${NO_CATEGORY}`, label: t('action.noCategory') },
      ],
    },
  ];

  // Move to: the user's folders (less the one shown), then the Inbox where the list is not it.
  const labels = folderLabels(folders.data?.folders ?? []);
  const folderTargets = (folders.data?.folders ?? []).filter(
    (folder) => place.kind !== 'folder' || folder.path !== place.path,
  );
  const moveItems: NonNullable<MenuProps['items']> = [
    ...folderTargets.map((folder) => ({
      key: `${MOVE}${folder.path}`,
      icon: <FolderOutlined aria-hidden />,
      label: labels.get(folder.path),
      title: folder.path,
    })),
    ...(folders.isPending
      ? []
      : folderTargets.length === 0
        ? [{ key: 'no-folders', label: t('move.noFolders'), disabled: true }]
        : []),
    ...(place.kind === 'inbox'
      ? []
      : [
          { type: 'divider' as const },
          { key: `${MOVE}${EMAIL_INBOX_FOLDER}`, icon: <InboxOutlined aria-hidden />, label: t('move.inbox') },
        ]),
  ];
  const moveTo = (key: string) => {
    const folder = key.slice(MOVE.length);
    run({ type: 'moveToFolder', folder }, labels.get(folder));
  };

  const onMore = ({ key }: { key: string }) => {
    if (key.startsWith(READ)) run({ type: key.slice(READ.length) as 'markRead' | 'markUnread' });
    else if (key.startsWith(PRIORITY))
      run({ type: 'setPriority', priority: key.slice(PRIORITY.length) as (typeof EMAIL_PRIORITIES)[number] });
    else if (key.startsWith(CATEGORY)) {
      const value = key.slice(CATEGORY.length);
      run({
        type: 'setCategory',
        category: value === NO_CATEGORY ? null : (value as (typeof EMAIL_CATEGORIES)[number]),
      });
    }
  };

  /** A button with its name, or (on a phone, or for a secondary action) an icon named by its tooltip and label. */
  const action = (label: string, icon: React.ReactNode, onClick: () => void, iconOnly = compact) =>
    iconOnly ? (
      <Tooltip title={label}>
        <Button type="text" icon={icon} aria-label={label} onClick={onClick} disabled={apply.isPending} />
      </Tooltip>
    ) : (
      <Button type="text" icon={icon} onClick={onClick} disabled={apply.isPending}>
        {label}
      </Button>
    );

  /** A menu's button: its name and a caret, or on a phone an icon named by its tooltip and label. */
  const menuButton = (label: string, icon: React.ReactNode, menu: MenuProps) => (
    <Dropdown menu={menu} trigger={['click']} placement="bottomLeft" disabled={apply.isPending}>
      {compact ? (
        <Tooltip title={label}>
          <Button type="text" icon={icon} aria-label={label} />
        </Tooltip>
      ) : (
        <Button type="text" icon={icon}>
          {label} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      )}
    </Dropdown>
  );

  return (
    <div
      role="toolbar"
      aria-label={t('toolbar.label')}
      className="aide-email-bulk-toolbar"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        // Tighter on a phone, so the actions and Clear fit on one line at 390 px.
        gap: compact ? token.marginXXS : token.marginXS,
        minHeight: 48,
        paddingBlock: token.paddingXS,
        paddingInline: token.padding,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        background: count > 0 ? token.colorPrimaryBg : undefined,
        borderStartStartRadius: token.borderRadiusLG,
        borderStartEndRadius: token.borderRadiusLG,
      }}
    >
      <Checkbox
        checked={page === 'all'}
        indeterminate={page === 'some'}
        onChange={selection.togglePage}
        aria-label={t('toolbar.selectPage')}
      />
      {count > 0 ? (
        <>
          <Typography.Text strong aria-live="polite" style={{ marginInlineEnd: token.marginXS }}>
            {t('toolbar.selected', { count })}
          </Typography.Text>
          {place.kind === 'trash'
            ? action(t('action.moveToInbox'), <InboxOutlined aria-hidden />, () =>
                run({ type: 'moveToFolder', folder: EMAIL_INBOX_FOLDER }),
              )
            : null}
          {canArchive
            ? action(t('action.archive'), <InboxOutlined aria-hidden />, () => run({ type: 'archive' }))
            : null}
          {canDelete ? action(t('action.delete'), <DeleteOutlined aria-hidden />, () => run({ type: 'delete' })) : null}
          {canSnooze
            ? menuButton(t('action.snooze'), <ClockCircleOutlined aria-hidden />, {
                items: snooze.items(),
                onClick: ({ key }) => snooze.handle(key),
              })
            : null}
          {menuButton(t('action.moveTo'), <FolderOutlined aria-hidden />, {
            items: moveItems,
            onClick: ({ key }) => moveTo(key),
          })}
          {compact
            ? null
            : action(t('action.markRead'), <EyeOutlined aria-hidden />, () => run({ type: 'markRead' }), true)}
          {compact
            ? null
            : action(
                t('action.markUnread'),
                <EyeInvisibleOutlined aria-hidden />,
                () => run({ type: 'markUnread' }),
                true,
              )}
          <Dropdown menu={{ items: moreItems, onClick: onMore }} trigger={['click']} placement="bottomLeft">
            <Tooltip title={t('toolbar.more')}>
              <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={t('toolbar.more')} />
            </Tooltip>
          </Dropdown>
          <span style={{ flex: 1 }} />
          <Tooltip title={t('toolbar.clear')}>
            <Button
              type="text"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('toolbar.clear')}
              onClick={selection.clear}
            />
          </Tooltip>
          {page === 'all' && total > rows.flat().length ? (
            <Flex style={{ flexBasis: '100%' }} justify="center">
              {state.allMatching ? (
                <Typography.Text type="secondary">{t('toolbar.allMatching', { count: total })}</Typography.Text>
              ) : (
                <Button type="link" size="small" onClick={selection.selectAllMatching}>
                  {t('toolbar.selectAllMatching', { count: total })}
                </Button>
              )}
            </Flex>
          ) : null}
        </>
      ) : null}
      {snooze.picker}
    </div>
  );
}
