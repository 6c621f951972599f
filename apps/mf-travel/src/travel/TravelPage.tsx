import { useState } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import { CalendarOutlined, DollarOutlined, GlobalOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { localDate, type TravelPlan } from '@aide/contracts';
import { formatCurrency, formatNumber } from '@aide/i18n';
import { useFetchFailureToast } from '@aide/module-kit';
import { EmptyState, EmptyText, FetchErrorAlert, PageHeader, StatCard, useConfirm } from '@aide/ui';
import './travel.css';
import { BudgetEditor } from './BudgetEditor';
import { ChecklistEditor } from './ChecklistEditor';
import { ExpensesEditor } from './ExpensesEditor';
import { ItineraryEditor } from './ItineraryEditor';
import { PlanCard, type PlanAction } from './PlanCard';
import { TravelPlanDialog } from './TravelPlanDialog';
import { travelStats } from './travelView';
import { useTravelPlans } from './useTravel';
import { useTravelActions } from './useTravelActions';
import { useT } from '../i18n';

type Editor = 'itinerary' | 'expenses' | 'checklist' | 'budget';
interface DialogState<K = true> {
  open: boolean;
  kind: K | null;
  /** Kept while the dialog closes, so its contents do not change mid-animation. */
  planId: number | null;
}

export default function TravelPage() {
  const { token } = theme.useToken();
  const t = useT();
  const confirm = useConfirm();
  const list = useTravelPlans();
  const actions = useTravelActions();
  const plans = list.data ?? [];
  const stats = travelStats(plans, localDate(new Date()));

  useFetchFailureToast(list, t('messages.fetchFailed'));

  const [createOpen, setCreateOpen] = useState(false);
  const [edit, setEdit] = useState<DialogState>({ open: false, kind: null, planId: null });
  const [editor, setEditor] = useState<DialogState<Editor>>({ open: false, kind: null, planId: null });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  /** Refresh: its button spins for the user's own refetch, not for those the live stream starts. */
  const refresh = async () => {
    setRefreshing(true);
    try {
      await list.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  /** The freshest copy of a plan a dialog edits. */
  const planById = (id: number | null) => (id === null ? null : (plans.find((p) => p.id === id) ?? null));
  const editorFor = (kind: Editor) => (editor.kind === kind ? planById(editor.planId) : null);
  const closeEditor = () => setEditor((d) => ({ ...d, open: false }));

  const busyWhile = async (plan: TravelPlan, call: () => Promise<unknown>) => {
    setBusyId(plan.id);
    try {
      await call();
    } finally {
      setBusyId(null);
    }
  };

  const onAction = async (plan: TravelPlan, action: PlanAction) => {
    switch (action) {
      case 'edit':
        return setEdit({ open: true, kind: true, planId: plan.id });
      case 'editItinerary':
        return setEditor({ open: true, kind: 'itinerary', planId: plan.id });
      case 'editExpenses':
        return setEditor({ open: true, kind: 'expenses', planId: plan.id });
      case 'editChecklist':
        return setEditor({ open: true, kind: 'checklist', planId: plan.id });
      case 'editBudget':
        return setEditor({ open: true, kind: 'budget', planId: plan.id });
      case 'book':
      case 'unbook':
        return busyWhile(plan, () => actions.setBooked(plan, action === 'book'));
      case 'regenerate': {
        const ok = await confirm({
          title: t('page.regenerateTitle', { destination: plan.destination }),
          content: t('page.regenerateContent'),
          okText: t('page.regenerate'),
          cancelText: t('page.cancel'),
        });
        if (ok) await busyWhile(plan, () => actions.regenerate(plan));
        return;
      }
      case 'delete': {
        // Spec §5: deleting a travel plan needs a confirmation (the same dialog as the email integrations').
        const ok = await confirm({
          title: t('page.deleteTitle', { destination: plan.destination }),
          content: t('messages.deleteConfirm'),
          okText: t('page.delete'),
          cancelText: t('page.cancel'),
          danger: true,
        });
        if (ok) await busyWhile(plan, () => actions.remove(plan));
        return;
      }
    }
  };

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)}>
      {t('page.create')}
    </Button>
  );

  const tiles = [
    { title: t('page.total'), value: formatNumber(stats.total), icon: <GlobalOutlined />, accent: token.colorPrimary },
    {
      title: t('page.upcoming'),
      value: formatNumber(stats.upcoming),
      icon: <CalendarOutlined />,
      accent: token.colorInfo,
      hint: t('page.upcomingHint'),
    },
    {
      title: t('page.spent'),
      value: formatCurrency(stats.spent, 'USD'),
      icon: <DollarOutlined />,
      accent: token.colorSuccess,
      hint: t('page.spentHint'),
    },
  ];

  const editedPlan = planById(edit.planId);
  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <>
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={() => void refresh()}>
              {t('page.refresh')}
            </Button>
            {createButton}
          </>
        }
      />

      <section aria-label={t('page.stats')} className="aide-travel-stats">
        <Row gutter={[token.marginSM, token.marginSM]}>
          {tiles.map((tile) => (
            // Phones: the three tiles share one compact row (travel.css), so the plans start on the first screen.
            <Col key={tile.title} xs={8} sm={8}>
              <StatCard
                title={tile.title}
                value={tile.value}
                icon={tile.icon}
                accent={tile.accent}
                hint={tile.hint}
                loading={list.isPending}
              />
            </Col>
          ))}
        </Row>
      </section>

      <FetchErrorAlert query={list} title={t('messages.fetchFailed')} retryLabel={t('page.retry')} />

      <section aria-label={t('page.plans')}>
        {list.isPending ? (
          <ul className="aide-travel-list-of-plans" aria-label={t('page.loading')} aria-busy>
            {Array.from({ length: 2 }, (_, i) => (
              <li key={i}>
                <Card>
                  <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 5 }} />
                </Card>
              </li>
            ))}
          </ul>
        ) : plans.length ? (
          <ul className="aide-travel-list-of-plans" aria-busy={list.isFetching || undefined}>
            {plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  busy={busyId === plan.id}
                  onAction={(action) => void onAction(plan, action)}
                  onToggleItem={(category, itemIndex, completed) =>
                    void actions.toggleItem(plan, category, itemIndex, completed)
                  }
                />
              </li>
            ))}
          </ul>
        ) : list.isError ? null : (
          <div className="aide-travel-empty">
            <EmptyState
              description={<EmptyText title={t('page.empty')} hint={t('page.emptyHint')} />}
              action={createButton}
            />
          </div>
        )}
      </section>

      <TravelPlanDialog
        open={createOpen}
        plan={null}
        saving={actions.creating}
        onClose={() => setCreateOpen(false)}
        onSubmit={(payload) => actions.create(payload)}
      />
      <TravelPlanDialog
        open={edit.open && editedPlan !== null}
        plan={editedPlan}
        saving={actions.updating}
        onClose={() => setEdit((d) => ({ ...d, open: false }))}
        onSubmit={async (payload) => (editedPlan ? actions.update(editedPlan, payload) : false)}
      />
      <ItineraryEditor
        open={editor.open && editor.kind === 'itinerary'}
        plan={editorFor('itinerary')}
        saving={actions.savingItinerary}
        onClose={closeEditor}
        onSave={async (payload) => {
          const plan = editorFor('itinerary');
          return plan ? actions.saveItinerary(plan, payload) : false;
        }}
      />
      <ExpensesEditor
        open={editor.open && editor.kind === 'expenses'}
        plan={editorFor('expenses')}
        saving={actions.savingExpenses}
        onClose={closeEditor}
        onSave={async (payload) => {
          const plan = editorFor('expenses');
          return plan ? actions.saveExpenses(plan, payload) : false;
        }}
      />
      <ChecklistEditor
        open={editor.open && editor.kind === 'checklist'}
        plan={editorFor('checklist')}
        saving={actions.savingChecklist}
        onClose={closeEditor}
        onSave={async (payload) => {
          const plan = editorFor('checklist');
          return plan ? actions.saveChecklist(plan, payload) : false;
        }}
      />
      <BudgetEditor
        open={editor.open && editor.kind === 'budget'}
        plan={editorFor('budget')}
        saving={actions.savingBudget}
        onClose={closeEditor}
        onSave={async (payload) => {
          const plan = editorFor('budget');
          return plan ? actions.saveBudget(plan, payload) : false;
        }}
      />
    </Flex>
  );
}
