import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Grid,
  Pagination,
  Row,
  Select,
  Skeleton,
  Switch,
  Tabs,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import {
  CoffeeOutlined,
  ExclamationCircleOutlined,
  FlagOutlined,
  MailOutlined,
  ReloadOutlined,
  SolutionOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { errorDetail, queryKeyOf } from '@aide/api-client';
import {
  EMAIL_CATEGORIES,
  EMAIL_PRIORITIES,
  type Email,
  type EmailCategory,
  emailEndpoints,
  type EmailPriority,
  type EmailStats,
  type EmailTab,
} from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { EmptyState, EmptyText, PageHeader, SearchFilterBar, StatCard, useDebouncedValue } from '@aide/ui';
import { useT } from '../i18n';
import { useT as useNewslettersT } from '../i18n/newsletters';
import { useT as useActionsT } from '../i18n/actions';
import '../shared/email.css';
import { useComposeWindow } from '../compose/useComposeWindow';
import { ForwardDialog, ReplyDialog } from './ComposeDialogs';
import { ScheduledTabLabel } from '../outbox/ScheduledTabLabel';
import { canHelpReply } from '../assist/useReplyHelp';
import { EditTriageDialog } from './EditTriageDialog';
import { EmailList } from './EmailList';
import { isFiltering, normaliseFilters, PAGE_SIZES, ZEN_FILTERS, type EmailListFilters } from './emailQuery';
import { ActionsTabName, idsOf, useEmailListActions } from '../bulk/useEmailListActions';
import { FolderPicker } from '../bulk/FolderPicker';
import { useBulkActions } from '../bulk/useBulkActions';
import { folderLabels, useEmailFolders } from '../bulk/useEmailFolders';
import { useEmailActions } from './useEmailActions';
import { useEmailList, useEmailStats } from './useEmails';
import { GroupByConversationSwitch } from '../threads/GroupByConversationSwitch';
import { useGroupByConversation } from '../threads/useThreads';
import { useOpenEmailParam } from '../suggestions/useOpenEmailParam';

// The detail (with its conversation view, privacy bar, phishing guard and suggested replies) loads
// when a message is first opened, so the list shows without it.
const EmailDetailDialog = lazy(() =>
  import('../shared/EmailDetailDialog').then((module) => ({ default: module.EmailDetailDialog })),
);
const ReplySuggestions = lazy(() =>
  import('../assist/ReplySuggestions').then((module) => ({ default: module.ReplySuggestions })),
);
// Issue 26: a message's invitation and suggestions, loaded with the first opened message.
const MailActions = lazy(() => import('../suggestions/MailActions'));
// The Integrations tab's code loads only when it is opened.
const EmailIntegrationsPanel = lazy(() => import('../integrations/EmailIntegrationsPanel'));
// Email outbox (issue 24): the Scheduled tab, loaded when opened.
const ScheduledTab = lazy(() => import('../outbox/ScheduledTab'));

// Newsletters (issue 24): loads when opened.
const NewslettersPanel = lazy(() => import('../newsletters/NewslettersPanel'));

type PageTab = EmailTab | 'folders' | 'scheduled' | 'newsletters' | 'integrations';

/** The tabs in order (their names are the catalog's 'tabs.<tab>'; the new ones' are their own catalogs'). */
const PAGE_TABS: PageTab[] = [
  'inbox',
  'urgent',
  'important',
  'regular',
  'sent',
  'drafts',
  'archived',
  'snoozed', // snooze (issue 24, actions)
  'trash', // bulk actions (issue 24): Delete moves here
  'folders', // bulk actions (issue 24): the user's own mail folders, one at a time
  'scheduled',
  'newsletters',
  'integrations',
];
/** Tabs whose names are the actions part's catalog. */
const ACTIONS_TABS = new Set<PageTab>(['snoozed', 'trash', 'folders']);
/** Tabs that are not a list of mail (the email list is not fetched for them). */
const OTHER_TABS = new Set<PageTab>(['scheduled', 'newsletters', 'integrations']);
/** Spec §2: counts for the Inbox and the priority tabs. */
const COUNTED_TABS: Partial<Record<PageTab, keyof EmailStats>> = {
  inbox: 'inbox',
  urgent: 'urgent',
  important: 'important',
  regular: 'regular',
};
const PRIORITY_TABS = new Set<PageTab>(EMAIL_PRIORITIES);

const TAB_PARAM = 'tab';
/** The Folders tab's folder, by its IMAP path. */
const FOLDER_PARAM = 'folder';
const ZEN_PARAM = 'zen';

const parseTab = (value: string | null): PageTab =>
  value && (PAGE_TABS as string[]).includes(value) ? (value as PageTab) : 'inbox';

interface DialogState {
  open: boolean;
  /** Kept while the dialog closes, so its contents do not flip mid-animation. */
  email: Email | null;
}
const closed: DialogState = { open: false, email: null };

export default function EmailPage() {
  const t = useT();
  const tNewsletters = useNewslettersT();
  const tActions = useActionsT();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get(TAB_PARAM));
  const zen = params.get(ZEN_PARAM) === '1';
  // The Folders tab: the folder in the address if it is still one of the user's, else the first.
  const folders = useEmailFolders({ enabled: tab === 'folders' && !zen });
  const folderList = folders.data?.folders;
  const requestedFolder = params.get(FOLDER_PARAM);
  const folder =
    tab !== 'folders' || !folderList
      ? null
      : ((folderList.find((f) => f.path === requestedFolder) ?? folderList[0])?.path ?? null);

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, 300);
  const [priority, setPriority] = useState<EmailPriority | null>(null);
  const [category, setCategory] = useState<EmailCategory | null>(null);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [groupThreads, setGroupThreads] = useGroupByConversation();
  // The page belongs to one tab and set of filters: any change of those starts again at page 1.
  const signature = JSON.stringify([tab, folder, q.trim(), priority, category, pageSize]);
  const [pageState, setPageState] = useState({ signature, page: 1 });
  const page = pageState.signature === signature ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ signature, page: next });

  const isPriorityTab = PRIORITY_TABS.has(tab);
  const filters: EmailListFilters = {
    // The Folders tab lists by folder (the server then ignores the tab).
    tab: OTHER_TABS.has(tab) || tab === 'folders' ? 'inbox' : (tab as EmailTab),
    q,
    priority: isPriorityTab ? null : priority,
    category,
    page,
    pageSize,
    threads: groupThreads,
    folder,
  };
  const filtering = isFiltering(filters);
  const priorityOptions = [
    { value: '', label: t('filters.allPriorities') },
    ...EMAIL_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) })),
  ];
  const categoryOptions = [
    { value: '', label: t('filters.allCategories') },
    ...EMAIL_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) })),
  ];

  const stats = useEmailStats();
  const list = useEmailList(filters, { enabled: !zen && !OTHER_TABS.has(tab) && (tab !== 'folders' || !!folder) });
  const zenList = useEmailList(ZEN_FILTERS, { enabled: zen });
  const actions = useEmailActions();
  const bulk = useBulkActions();
  // Snooze and bulk actions (issue 24): the selection toolbar, row checkboxes and snooze menus.
  const listActions = useEmailListActions({
    emails: list.data?.items,
    total: list.data?.total ?? 0,
    query: normaliseFilters(filters),
  });

  const [detail, setDetail] = useState<DialogState>(closed);
  const [reply, setReply] = useState<DialogState>(closed);
  // Reply help: the suggested reply picked under the message, filled into the Reply dialog.
  const [replyText, setReplyText] = useState('');
  const [forward, setForward] = useState<DialogState>(closed);
  const [triage, setTriage] = useState<DialogState>(closed);
  const listTop = useRef<HTMLDivElement>(null);

  // A page emptied by archiving its last emails: show the last page that has any.
  // (Adjusted during render, not in an effect; the guard stops once on that page.)
  const data = list.data;
  if (data && data.items.length === 0 && data.total > 0 && page > 1) {
    const lastPage = Math.max(1, Math.ceil(data.total / data.pageSize));
    if (lastPage !== page) setPage(lastPage);
  }

  const updateParams = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setTab = (next: PageTab) =>
    updateParams((p) => {
      if (next === 'inbox') p.delete(TAB_PARAM);
      else p.set(TAB_PARAM, next);
      if (next !== 'folders') p.delete(FOLDER_PARAM);
    });
  const setFolder = (path: string) => updateParams((p) => p.set(FOLDER_PARAM, path));
  const setZen = (on: boolean) =>
    updateParams((p) => {
      if (on) p.set(ZEN_PARAM, '1');
      else p.delete(ZEN_PARAM);
    });
  const clearFilters = () => {
    setSearch('');
    setPriority(null);
    setCategory(null);
  };
  const viewAll = () => {
    clearFilters();
    updateParams((p) => {
      p.delete(ZEN_PARAM);
      p.delete(TAB_PARAM);
    });
  };

  /** Keeps an open dialog showing the email as the server now has it. */
  const showUpdated = (updated: Email | null) => {
    if (!updated) return;
    // Threads (issue 24): the PATCH answers a message; a conversation row keeps its thread summary.
    const swap = (d: DialogState) =>
      d.email?.id === updated.id ? { ...d, email: { ...updated, thread: d.email.thread } } : d;
    setDetail(swap);
    setTriage(swap);
  };

  // Compose (issue 24): New Message, and a draft opens in the compose window.
  const compose = useComposeWindow();
  const openEmail = (email: Email) => {
    if (email.metadata?.status === 'draft') return compose.openDraft(email.id);
    setDetail({ open: true, email });
    // Opening an unread email reads it; 'Mark as unread' in the dialog undoes it.
    if (!email.isRead) void actions.setRead(email, true).then(showUpdated);
  };
  useOpenEmailParam(openEmail);
  const toggleArchived = (email: Email) => void actions.setArchived(email, !email.isArchived).then(showUpdated);
  const pendingFor = (email: Email) => (actions.pending?.id === email.id ? actions.pending : undefined);

  const queryClient = useQueryClient();
  const refresh = () => {
    void stats.refetch();
    void (zen ? zenList : list).refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(emailEndpoints.integrations) });
  };

  const tabLabel = (key: PageTab) => {
    if (key === 'scheduled') return <ScheduledTabLabel />;
    const countKey = COUNTED_TABS[key];
    const count = countKey && stats.data ? stats.data[countKey] : undefined;
    return (
      <span>
        {ACTIONS_TABS.has(key) ? (
          <ActionsTabName tab={key as 'snoozed' | 'trash' | 'folders'} />
        ) : key === 'newsletters' ? (
          tNewsletters('tab')
        ) : (
          t(`tabs.${key as Exclude<PageTab, 'snoozed' | 'trash' | 'folders' | 'scheduled' | 'newsletters'>}`)
        )}
        {count !== undefined ? <span className="aide-email-count">{formatNumber(count)}</span> : null}
      </span>
    );
  };

  // The Trash and a folder say what they are for; the other lists suggest a sync.
  const clearFiltersButton = filtering ? <Button onClick={clearFilters}>{t('empty.clearFilters')}</Button> : undefined;
  const empty =
    tab === 'trash' ? (
      <EmptyState
        description={<EmptyText title={tActions('trash.emptyTitle')} hint={tActions('trash.emptyHint')} />}
        action={clearFiltersButton}
      />
    ) : tab === 'folders' ? (
      <EmptyState
        description={<Typography.Text strong>{tActions('folders.emptyFolder')}</Typography.Text>}
        action={clearFiltersButton}
      />
    ) : (
      <EmptyState
        description={
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text strong>{t('empty.title')}</Typography.Text>
            <Typography.Text type="secondary">{t('empty.hint')}</Typography.Text>
          </Flex>
        }
        action={
          <Flex wrap gap={token.marginXS} justify="center">
            {filtering ? <Button onClick={clearFilters}>{t('empty.clearFilters')}</Button> : null}
            <Button icon={<SyncOutlined aria-hidden />} onClick={() => setTab('integrations')}>
              {t('empty.syncAccounts')}
            </Button>
          </Flex>
        }
      />
    );
  const listLabel =
    tab === 'trash'
      ? tActions('trash.listLabel')
      : folder && folderList
        ? tActions('folders.listLabel', { folder: folderLabels(folderList).get(folder) ?? folder })
        : t('list.label', { tab });

  const listFor = (
    emails: Email[] | undefined,
    loading: boolean,
    label: string,
    rows?: number,
    extra?: typeof listActions.listProps,
  ) => (
    <EmailList
      {...extra}
      emails={emails}
      loading={loading}
      skeletonRows={rows}
      empty={empty}
      label={label}
      busyId={actions.pending && actions.pending.payload.isRead === undefined ? actions.pending.id : undefined}
      onOpen={openEmail}
      onEditTriage={(email) => setTriage({ open: true, email })}
      onToggleArchived={toggleArchived}
    />
  );

  const loadError = (query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown }) =>
    query.isError ? (
      <Alert
        type="error"
        showIcon
        title={t('page.loadFailed')}
        description={errorDetail(query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    ) : null;

  const mailTab: ReactNode = (
    <Flex vertical gap={token.marginMD}>
      <SearchFilterBar
        search={search}
        onSearchChange={setSearch}
        placeholder={t('filters.searchPlaceholder')}
        searchLabel={t('filters.searchLabel')}
        filters={[
          {
            key: 'priority',
            width: { xs: 12, md: 6, lg: 5 },
            control: (
              <Select
                aria-label={t('filters.priority')}
                value={isPriorityTab ? tab : (priority ?? '')}
                disabled={isPriorityTab}
                onChange={(value: string) => setPriority((value || null) as EmailPriority | null)}
                options={priorityOptions}
                style={{ width: '100%' }}
              />
            ),
          },
          {
            key: 'category',
            width: { xs: 12, md: 6, lg: 5 },
            control: (
              <Select
                aria-label={t('filters.category')}
                value={category ?? ''}
                onChange={(value: string) => setCategory((value || null) as EmailCategory | null)}
                options={categoryOptions}
                listHeight={360}
                virtual={false}
                style={{ width: '100%' }}
              />
            ),
          },
        ]}
      />
      <GroupByConversationSwitch checked={groupThreads} onChange={setGroupThreads} />
      {loadError(list)}
      <div ref={listTop} style={{ scrollMarginTop: token.marginLG }}>
        <Card
          styles={{ body: { padding: 0 } }}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}
          aria-busy={list.isFetching || undefined}
        >
          {listActions.toolbar}
          {listFor(data?.items, list.isPending, listLabel, undefined, listActions.listProps)}
        </Card>
      </div>
      {data && data.total > 0 ? (
        <Flex wrap justify="space-between" align="center" gap={token.marginSM}>
          <Typography.Text type="secondary" aria-live="polite">
            {t('list.range', {
              from: formatNumber((page - 1) * pageSize + 1),
              to: formatNumber(Math.min(page * pageSize, data.total)),
              total: formatNumber(data.total),
            })}
          </Typography.Text>
          <Pagination
            current={page}
            pageSize={pageSize}
            total={data.total}
            showSizeChanger={screens.sm}
            pageSizeOptions={PAGE_SIZES.map(String)}
            simple={!screens.sm}
            onChange={(next, size) => {
              if (size !== pageSize) setPageSize(size);
              else setPage(next);
              listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            }}
          />
        </Flex>
      ) : null}
    </Flex>
  );

  // The Folders tab: the folder picker, then that folder's list like any other tab's.
  const foldersTab: ReactNode = (
    <Flex vertical gap={token.marginMD}>
      {loadError(folders)}
      <FolderPicker folders={folderList} value={folder} onChange={setFolder} />
      {folder ? mailTab : null}
    </Flex>
  );

  const zenView = (
    <Card style={{ width: '100%', maxWidth: 880, alignSelf: 'center' }}>
      <Flex vertical gap={token.marginMD}>
        <Flex gap={token.marginSM} align="flex-start">
          <CoffeeOutlined
            aria-hidden
            style={{ fontSize: token.fontSizeHeading4, color: token.colorPrimary, marginTop: token.marginXXS }}
          />
          <div>
            <Typography.Title
              level={2}
              style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
            >
              {t('zen.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('zen.intro')}</Typography.Text>
          </div>
        </Flex>
        {loadError(zenList)}
        <div
          style={{
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            overflow: 'hidden',
          }}
        >
          {listFor(zenList.data?.items, zenList.isPending, t('zen.listLabel'), 5)}
        </div>
        <Flex wrap gap={token.marginXS} justify="flex-end">
          <Button onClick={() => setZen(false)}>{t('zen.exit')}</Button>
          <Button type="primary" icon={<MailOutlined aria-hidden />} onClick={viewAll}>
            {t('zen.viewAll')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );

  const statValue = (key: keyof EmailStats) => (stats.data ? formatNumber(stats.data[key]) : '–');
  const statCards = [
    { title: t('stats.urgent'), key: 'urgent' as const, icon: <ExclamationCircleOutlined />, accent: token.colorError },
    { title: t('stats.important'), key: 'important' as const, icon: <FlagOutlined />, accent: token.colorWarning },
    { title: t('stats.work'), key: 'work' as const, icon: <SolutionOutlined />, accent: token.colorInfo },
    { title: t('stats.total'), key: 'total' as const, icon: <MailOutlined />, accent: token.purple },
  ];

  const headerExtra = (
    <Flex align="center" gap={token.marginSM} wrap>
      {compose.button}
      <Tooltip title={t('page.refresh')}>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          aria-label={t('page.refresh')}
          onClick={refresh}
          loading={stats.isFetching && !stats.isPending}
        />
      </Tooltip>
      <Flex
        align="center"
        gap={token.marginXS}
        style={{
          paddingInline: token.paddingSM,
          height: token.controlHeight,
          borderRadius: token.borderRadius,
          border: `1px solid ${token.colorBorder}`,
        }}
      >
        <Switch id="aide-email-zen" size="small" checked={zen} onChange={setZen} />
        <label htmlFor="aide-email-zen" style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}>
          {t('zen.title')}
        </label>
      </Flex>
    </Flex>
  );

  const detailEmail = detail.email;
  const detailPending = detailEmail ? pendingFor(detailEmail) : undefined;

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} extra={headerExtra} />

      {zen ? (
        zenView
      ) : (
        <>
          <Row gutter={[token.margin, token.margin]}>
            {statCards.map((card) => (
              <Col key={card.key} xs={12} lg={6}>
                <StatCard
                  title={card.title}
                  value={statValue(card.key)}
                  icon={card.icon}
                  accent={card.accent}
                  loading={stats.isPending}
                />
              </Col>
            ))}
          </Row>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as PageTab)}
            // Thirteen tabs: a narrower gap keeps them on one row on a 1366 px screen, without antd's
            // overflow menu (a button inside the tablist, which screen readers and axe object to).
            tabBarGutter={16}
            items={PAGE_TABS.map((key) => ({
              key,
              label: tabLabel(key),
              // Only the open tab renders: every mail tab is the same list with another filter.
              children:
                key !== tab ? null : key === 'newsletters' ? (
                  <Suspense fallback={<Skeleton active />}>
                    <NewslettersPanel />
                  </Suspense>
                ) : key === 'integrations' ? (
                  <Suspense fallback={<Skeleton active />}>
                    <EmailIntegrationsPanel />
                  </Suspense>
                ) : key === 'scheduled' ? (
                  <Suspense fallback={<Skeleton active />}>
                    <ScheduledTab />
                  </Suspense>
                ) : key === 'folders' ? (
                  foldersTab
                ) : (
                  mailTab
                ),
            }))}
          />
        </>
      )}

      {detailEmail ? (
        <Suspense fallback={null}>
          <EmailDetailDialog
            open={detail.open}
            email={detailEmail}
            mailActions={
              detailEmail.metadata?.status === 'draft' ? null : (
                <Suspense fallback={null}>
                  <MailActions emailId={detailEmail.id} />
                </Suspense>
              )
            }
            onClose={() => setDetail((d) => ({ ...d, open: false }))}
            suggestions={
              canHelpReply(detailEmail) ? (
                <ReplySuggestions
                  email={detailEmail}
                  open={detail.open}
                  onPick={(text) => {
                    setReplyText(text);
                    setReply({ open: true, email: detailEmail });
                  }}
                />
              ) : null
            }
            actions={
              detailEmail
                ? {
                    onToggleRead: () => void actions.setRead(detailEmail, !detailEmail.isRead).then(showUpdated),
                    onToggleArchived: () => toggleArchived(detailEmail),
                    // The same action as the toolbar's, on this message (or conversation), with its Undo.
                    onDelete: () => {
                      bulk.apply.mutate({ selection: { ids: [...idsOf(detailEmail)] }, action: { type: 'delete' } });
                      setDetail((d) => ({ ...d, open: false }));
                    },
                    onEditTriage: () => setTriage({ open: true, email: detailEmail }),
                    onReply: (text?: string) => {
                      setReplyText(text ?? '');
                      setReply({ open: true, email: detailEmail });
                    },
                    onForward: () => setForward({ open: true, email: detailEmail }),
                    onReplyTo: (email) => setReply({ open: true, email }),
                    onForwardTo: (email) => setForward({ open: true, email }),
                    pending:
                      detailPending?.payload.isRead !== undefined
                        ? 'read'
                        : detailPending?.payload.isArchived !== undefined
                          ? 'archive'
                          : null,
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}
      {compose.window}
      {listActions.dialogs}
      <ReplyDialog
        open={reply.open}
        email={reply.email}
        initialText={replyText}
        onClose={() => setReply((d) => ({ ...d, open: false }))}
      />
      <ForwardDialog
        open={forward.open}
        email={forward.email}
        onClose={() => setForward((d) => ({ ...d, open: false }))}
      />
      <EditTriageDialog
        open={triage.open}
        email={triage.email}
        saving={Boolean(
          triage.email && actions.pending?.id === triage.email.id && actions.pending.payload.priority !== undefined,
        )}
        onClose={() => setTriage((d) => ({ ...d, open: false }))}
        onSave={async (nextPriority, nextCategory) => {
          if (!triage.email) return false;
          const updated = await actions.setTriage(triage.email, nextPriority, nextCategory);
          showUpdated(updated);
          return Boolean(updated);
        }}
      />
    </Flex>
  );
}
