import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EyeOutlined,
  FileSearchOutlined,
  PlusOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ResearchReport } from '@aide/contracts';
import { useFetchFailureToast } from '@aide/module-kit';
import {
  ArchivedToggle,
  EmptyState,
  EmptyText,
  FetchErrorAlert,
  PageHeader,
  SearchFilterBar,
  StatCard,
  useConfirm,
} from '@aide/ui';
import { useT } from '../i18n';
import './research.css';
import { ReportDialog } from './ReportDialog';
import { actionsButtonId, ResearchCard, type ResearchAction } from './ResearchCard';
import { EditResearchDialog, ResearchFormDialog } from './ResearchFormDialog';
import { researchStats, visibleReports } from './researchView';
import { useResearchReports } from './useResearch';
import { useResearchActions } from './useResearchActions';

/** A dialog opened from a card's menu gives the focus back to the card's actions button (the menu item is gone). */
const focusActions = (id: number | undefined) => {
  if (id !== undefined) document.getElementById(actionsButtonId(id))?.focus();
};

/** The header search's link to a report: /research?open=<id>. */
const OPEN_PARAM = 'open';

const parseId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

interface DialogState {
  open: boolean;
  /** Kept while the dialog closes, so its contents do not change mid-animation. */
  report: ResearchReport | null;
}
const closed: DialogState = { open: false, report: null };

export default function ResearchPage() {
  const { token } = theme.useToken();
  const t = useT();
  const confirm = useConfirm();
  const [params, setParams] = useSearchParams();
  const openId = parseId(params.get(OPEN_PARAM));

  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const list = useResearchReports();
  const actions = useResearchActions();
  const reports = list.data ?? [];
  const stats = researchStats(reports);
  const shown = visibleReports(reports, { query: search, showArchived });
  const searching = search.trim() !== '';

  useFetchFailureToast(list, t('page.loadFailed'));

  // ---- Dialogs ----
  const [startOpen, setStartOpen] = useState(false);
  const [rerun, setRerun] = useState<DialogState>(closed);
  const [edit, setEdit] = useState<DialogState>(closed);

  // The report last opened, still shown while its dialog closes (state kept from an earlier render).
  const [lastOpenId, setLastOpenId] = useState<number | null>(openId);
  if (openId !== null && openId !== lastOpenId) setLastOpenId(openId);
  const viewedId = openId ?? lastOpenId;
  const viewed = viewedId === null ? null : (reports.find((r) => r.id === viewedId) ?? null);

  const openReport = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(OPEN_PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  const closeReport = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );

  const deleteReport = async (report: ResearchReport) => {
    const ok = await confirm({
      title: t('page.deleteTitle', { topic: report.topic }),
      content: t('page.deleteContent'),
      okText: t('page.delete'),
      cancelText: t('page.cancel'),
      danger: true,
    });
    // The menu item that asked is gone: the focus goes back to the card, or after a delete to a neighbour's.
    const index = shown.findIndex((r) => r.id === report.id);
    const neighbour = shown[index + 1] ?? shown[index - 1];
    if (!ok) return focusActions(report.id);
    if (await actions.remove(report)) {
      if (openId === report.id) closeReport();
      if (neighbour) focusActions(neighbour.id);
      else document.querySelector<HTMLElement>(`input[aria-label="${t('page.searchLabel')}"]`)?.focus();
    } else focusActions(report.id);
  };

  const onAction = (report: ResearchReport, action: ResearchAction) => {
    switch (action) {
      case 'view':
        return openReport(report.id);
      case 'rerun':
        return setRerun({ open: true, report });
      case 'edit':
        return setEdit({ open: true, report });
      case 'archive':
        return void actions.setArchived(report, !report.isArchived);
      case 'delete':
        return void deleteReport(report);
    }
  };

  const startButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setStartOpen(true)}>
      {t('page.start')}
    </Button>
  );

  const statTiles = [
    {
      key: 'total',
      title: t('page.total'),
      value: stats.total,
      icon: <FileSearchOutlined />,
      accent: token.colorPrimary,
      hint: reports.length > stats.total ? t('page.archivedHint', { count: reports.length - stats.total }) : undefined,
    },
    {
      key: 'completed',
      title: t('page.completed'),
      value: stats.completed,
      icon: <CheckCircleOutlined />,
      accent: token.colorSuccess,
    },
    {
      key: 'inProgress',
      title: t('page.inProgress'),
      value: stats.inProgress,
      icon: <SyncOutlined />,
      accent: token.colorInfo,
    },
    {
      key: 'pending',
      title: t('page.pending'),
      value: stats.pending,
      icon: <ClockCircleOutlined />,
      accent: token.colorWarning,
    },
  ];

  const emptyState = () => {
    if (searching) {
      return (
        <EmptyState
          description={<EmptyText title={t('page.noMatch')} hint={t('page.noMatchHint')} />}
          action={<Button onClick={() => setSearch('')}>{t('page.clearSearch')}</Button>}
        />
      );
    }
    if (reports.length) {
      return (
        <EmptyState
          description={<EmptyText title={t('page.onlyArchived')} hint={t('page.onlyArchivedHint')} />}
          action={
            <Flex wrap gap={token.marginXS} justify="center">
              {startButton}
              <Button icon={<EyeOutlined />} onClick={() => setShowArchived(true)}>
                {t('page.showArchived')}
              </Button>
            </Flex>
          }
        />
      );
    }
    return (
      <EmptyState description={<EmptyText title={t('page.empty')} hint={t('page.emptyHint')} />} action={startButton} />
    );
  };

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} extra={startButton} />

      <section aria-label={t('page.stats')}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          {statTiles.map((tile) => (
            <Col key={tile.key} xs={12} lg={6}>
              <StatCard
                title={tile.title}
                value={tile.value}
                icon={tile.icon}
                accent={tile.accent}
                hint={'hint' in tile ? tile.hint : undefined}
                loading={list.isPending}
              />
            </Col>
          ))}
        </Row>
      </section>

      <SearchFilterBar
        search={search}
        onSearchChange={setSearch}
        placeholder={t('page.searchPlaceholder')}
        searchLabel={t('page.searchLabel')}
        filters={[
          {
            key: 'archived',
            width: { xs: 24, md: 8, lg: 6 },
            control: (
              <ArchivedToggle
                showArchived={showArchived}
                onToggle={() => setShowArchived((on) => !on)}
                showLabel={t('page.showArchived')}
                hideLabel={t('page.hideArchived')}
              />
            ),
          },
        ]}
      />

      <FetchErrorAlert query={list} title={t('page.loadFailed')} retryLabel={t('page.retry')} />

      <section aria-label={t('page.reports')}>
        {list.isPending ? (
          <ul className="aide-research-grid" aria-label={t('page.loading')} aria-busy>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Card style={{ flex: 1 }}>
                  <Skeleton active title={{ width: '70%' }} paragraph={{ rows: 4 }} />
                </Card>
              </li>
            ))}
          </ul>
        ) : shown.length ? (
          <ul className="aide-research-grid" aria-busy={list.isFetching || undefined}>
            {shown.map((report) => (
              <li key={report.id}>
                <ResearchCard report={report} onAction={(action) => onAction(report, action)} />
              </li>
            ))}
          </ul>
        ) : list.isError ? null : (
          <div style={{ border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadiusLG }}>
            {emptyState()}
          </div>
        )}
      </section>

      <ResearchFormDialog
        open={startOpen}
        mode="start"
        report={null}
        saving={actions.starting}
        onClose={() => setStartOpen(false)}
        onSubmit={(values) => actions.start(values)}
      />
      <ResearchFormDialog
        open={rerun.open}
        mode="rerun"
        report={rerun.report}
        saving={actions.rerunning}
        onClose={() => setRerun((d) => ({ ...d, open: false }))}
        afterClose={() => focusActions(rerun.report?.id)}
        onSubmit={async (values) => (rerun.report ? actions.rerun(rerun.report, values) : false)}
      />
      <EditResearchDialog
        open={edit.open}
        report={edit.report}
        saving={actions.updating}
        onClose={() => setEdit((d) => ({ ...d, open: false }))}
        afterClose={() => focusActions(edit.report?.id)}
        onSave={async (payload) => (edit.report ? actions.update(edit.report, payload) : false)}
      />
      <ReportDialog
        open={openId !== null}
        report={viewed}
        loading={list.isPending}
        missing={list.isSuccess && viewedId !== null && !viewed}
        onClose={closeReport}
      />
    </Flex>
  );
}
