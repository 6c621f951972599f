import { useState } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import { CalendarOutlined, DollarOutlined, GlobalOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatUsd, localDate, TRAVEL_MESSAGES, type TravelPlan } from '@aide/contracts';
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

// Spec §2 texts, and the screen's own.
export const PAGE_TEXT = {
  title: 'Travel Planner',
  subtitle: 'Plan trips with an AI-drafted itinerary, budget and checklist, and track what you spend',
  refresh: 'Refresh',
  create: 'Plan New Trip',
  stats: 'Travel statistics',
  total: 'Total Trips',
  upcoming: 'Upcoming',
  upcomingHint: 'Not yet started',
  spent: 'Total Spent',
  spentHint: 'Tracked expenses, all trips',
  plans: 'Travel plans',
  loading: 'Loading travel plans',
  empty: 'No travel plans yet',
  emptyHint:
    'Plan a trip: give a destination and dates, and Aide drafts the itinerary, budget and checklist for you to adjust.',
  retry: 'Retry',
  deleteTitle: (destination: string) => `Delete the trip to ${destination}?`,
  delete: 'Delete',
  cancel: 'Cancel',
  regenerateTitle: (destination: string) => `Regenerate the plan for ${destination}?`,
  regenerateContent:
    'Aide writes new recommendations, a new itinerary, budget and checklist, replacing the current ones and your edits to them. Your tracked expenses are kept.',
  regenerate: 'Regenerate',
} as const;

type Editor = 'itinerary' | 'expenses' | 'checklist' | 'budget';
interface DialogState<K = true> {
  open: boolean;
  kind: K | null;
  /** Kept while the dialog closes, so its contents do not change mid-animation. */
  planId: number | null;
}

export default function TravelPage() {
  const { token } = theme.useToken();
  const confirm = useConfirm();
  const list = useTravelPlans();
  const actions = useTravelActions();
  const plans = list.data ?? [];
  const stats = travelStats(plans, localDate(new Date()));

  useFetchFailureToast(list, TRAVEL_MESSAGES.fetchFailed);

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
          title: PAGE_TEXT.regenerateTitle(plan.destination),
          content: PAGE_TEXT.regenerateContent,
          okText: PAGE_TEXT.regenerate,
          cancelText: PAGE_TEXT.cancel,
        });
        if (ok) await busyWhile(plan, () => actions.regenerate(plan));
        return;
      }
      case 'delete': {
        // Spec §5: deleting a travel plan needs a confirmation (the same dialog as the email integrations').
        const ok = await confirm({
          title: PAGE_TEXT.deleteTitle(plan.destination),
          content: TRAVEL_MESSAGES.deleteConfirm,
          okText: PAGE_TEXT.delete,
          cancelText: PAGE_TEXT.cancel,
          danger: true,
        });
        if (ok) await busyWhile(plan, () => actions.remove(plan));
        return;
      }
    }
  };

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)}>
      {PAGE_TEXT.create}
    </Button>
  );

  const tiles = [
    { title: PAGE_TEXT.total, value: stats.total, icon: <GlobalOutlined />, accent: token.colorPrimary },
    {
      title: PAGE_TEXT.upcoming,
      value: stats.upcoming,
      icon: <CalendarOutlined />,
      accent: token.colorInfo,
      hint: PAGE_TEXT.upcomingHint,
    },
    {
      title: PAGE_TEXT.spent,
      value: formatUsd(stats.spent),
      icon: <DollarOutlined />,
      accent: token.colorSuccess,
      hint: PAGE_TEXT.spentHint,
    },
  ];

  const editedPlan = planById(edit.planId);
  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={PAGE_TEXT.title}
        subtitle={PAGE_TEXT.subtitle}
        extra={
          <>
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={() => void refresh()}>
              {PAGE_TEXT.refresh}
            </Button>
            {createButton}
          </>
        }
      />

      <section aria-label={PAGE_TEXT.stats}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          {tiles.map((tile) => (
            <Col key={tile.title} xs={24} sm={8}>
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

      <FetchErrorAlert query={list} title={TRAVEL_MESSAGES.fetchFailed} retryLabel={PAGE_TEXT.retry} />

      <section aria-label={PAGE_TEXT.plans}>
        {list.isPending ? (
          <ul className="aide-travel-list-of-plans" aria-label={PAGE_TEXT.loading} aria-busy>
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
              description={<EmptyText title={PAGE_TEXT.empty} hint={PAGE_TEXT.emptyHint} />}
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
