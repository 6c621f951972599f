import { useMemo, useState } from 'react';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Input, Row, Select, Spin, Typography, theme } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  PlusOutlined,
  SearchOutlined,
  SyncOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { errorDetail, isUnauthorizedError } from '@aide/api-client';
import { filterTasks, type Task, type TaskStatus, type TaskStatusFilter } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { EmptyState, PageHeader, StatCard, useConfirm, PlainList } from '@aide/ui';
import { useQuickActionTrigger } from '../shared/useQuickActionTrigger';
import { QuickAddBox } from '../quick-add/QuickAddBox';
import { TaskCard } from './TaskCard';
import { TaskFormDialog } from './TaskFormDialog';
import { t as translate, useT } from '../i18n';
import { STATUS_FILTER_LABELS } from './taskLabels';
import { announceNextOccurrence } from './nextOccurrence';
import { useOpenTaskParam } from './useOpenTaskParam';
import { UPDATE_TASK_MUTATION_KEY, useDeleteTask, useTasks, useUpdateTask, type UpdateTaskVariables } from './useTasks';

interface DialogState {
  open: boolean;
  /** The task being edited; null to create one. */
  task: Task | null;
}

export default function TasksPage() {
  const { token } = theme.useToken();
  const t = useT();
  const { toast } = useHost();
  const queryClient = useQueryClient();
  const statusFilterOptions = (Object.keys(STATUS_FILTER_LABELS) as TaskStatusFilter[]).map((value) => ({
    value,
    label: STATUS_FILTER_LABELS[value],
  }));
  const confirm = useConfirm();

  const tasksQuery = useTasks();
  const updateTask = useUpdateTask();
  const deleteTask = useDeleteTask();

  const [search, setSearch] = useState('');
  const [statusFilter, setStatusFilter] = useState<TaskStatusFilter>('all');
  // The task stays in state while the dialog closes, so its title does not flip mid-animation.
  const [dialog, setDialog] = useState<DialogState>({ open: false, task: null });

  // Status changes still being saved: shown at once, dropped if the save fails.
  const savingStatuses = useMutationState({
    filters: { mutationKey: UPDATE_TASK_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as UpdateTaskVariables | undefined,
  });
  const shownStatus = (task: Task): TaskStatus => {
    const saving = savingStatuses.findLast((v) => v?.id === task.id && v.payload.status);
    return saving?.payload.status ?? task.status;
  };

  const tasks = tasksQuery.data;
  const counts = useMemo(() => {
    const all = tasks ?? [];
    const count = (status: TaskStatus) => all.filter((t) => t.status === status).length;
    return {
      total: all.length,
      pending: count('pending'),
      inProgress: count('in_progress'),
      completed: count('completed'),
    };
  }, [tasks]);
  const visibleTasks = useMemo(() => filterTasks(tasks ?? [], search, statusFilter), [tasks, search, statusFilter]);
  const filtering = search.trim() !== '' || statusFilter !== 'all';

  const openCreate = () => setDialog({ open: true, task: null });
  const openEdit = (task: Task) => setDialog({ open: true, task });
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));
  // The dashboard's 'Add New Task' arrives with ?new=1.
  useQuickActionTrigger(openCreate);
  // A time block's "Open in Tasks" arrives with ?open=<id>.
  useOpenTaskParam(tasks, openEdit);

  // Spec §4: pending or in progress → completed, completed → pending; only the status is sent.
  // Spec §8: the checkbox shows no error.
  // Completing a repeating task brings the next one: once the list has it, say when it is due.
  const toggle = async (task: Task, completed: boolean) => {
    const variables = { id: task.id, payload: { status: completed ? 'completed' : 'pending' } } as const;
    if (!completed || !task.recurrence) return updateTask.mutate(variables);
    try {
      // Resolves once the lists it changed are fresh (useUpdateTask), so the next one is in the list.
      await updateTask.mutateAsync(variables);
    } catch {
      return;
    }
    announceNextOccurrence(queryClient, task, toast);
  };

  const remove = async (task: Task) => {
    const confirmed = await confirm({
      title: translate('tasks.confirmDelete'),
      content: task.title,
      okText: translate('common.delete'),
      danger: true,
    });
    if (!confirmed) return;
    // mutateAsync, not mutate's callbacks: those fire only for the latest of overlapping deletes.
    try {
      await deleteTask.mutateAsync(task.id);
      toast({ title: translate('tasks.deleted') });
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({ title: translate('tasks.deleteFailed'), description: errorDetail(error), variant: 'destructive' });
    }
  };

  const addTaskButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="button-add-task">
      {t('tasks.add')}
    </Button>
  );

  const stat = (value: number) => (tasks ? value : '–');
  const statCards = [
    {
      key: 'total',
      title: t('tasks.stat.total'),
      value: counts.total,
      icon: <UnorderedListOutlined />,
      accent: token.purple,
    },
    {
      key: 'pending',
      title: t('tasks.stat.pending'),
      value: counts.pending,
      icon: <ClockCircleOutlined />,
      accent: token.colorWarning,
    },
    {
      key: 'in-progress',
      title: t('tasks.stat.inProgress'),
      value: counts.inProgress,
      icon: <SyncOutlined />,
      accent: token.colorInfo,
    },
    {
      key: 'completed',
      title: t('tasks.stat.completed'),
      value: counts.completed,
      icon: <CheckCircleOutlined />,
      accent: token.colorSuccess,
    },
  ];

  // A failed refetch keeps the list it already has and shows the error above it.
  const loadError = tasksQuery.isError ? (
    <Alert
      type="error"
      showIcon
      title={t('tasks.loadFailed')}
      description={errorDetail(tasksQuery.error)}
      action={
        <Button size="small" onClick={() => void tasksQuery.refetch()} loading={tasksQuery.isFetching}>
          {t('common.retry')}
        </Button>
      }
    />
  ) : null;

  let list;
  if (tasksQuery.isPending) {
    list = (
      <Flex vertical align="center" gap={token.marginSM} role="status" style={{ padding: token.paddingXL }}>
        <Spin />
        <Typography.Text type="secondary">{t('tasks.loading')}</Typography.Text>
      </Flex>
    );
  } else if (!tasks) {
    list = null;
  } else if (visibleTasks.length === 0) {
    list = (
      <Card>
        {filtering ? (
          <EmptyState
            description={t('tasks.noMatches')}
            action={
              <Button
                onClick={() => {
                  setSearch('');
                  setStatusFilter('all');
                }}
              >
                {t('tasks.clearFilters')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            description={t('tasks.noTasks')}
            action={
              <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
                {t('tasks.add')}
              </Button>
            }
          />
        )}
      </Card>
    );
  } else {
    list = (
      <PlainList label={t('tasks.list')}>
        {visibleTasks.map((task) => (
          <li key={task.id}>
            <TaskCard
              task={task}
              status={shownStatus(task)}
              onToggle={(completed) => void toggle(task, completed)}
              onSubtasksChange={(subtasks) => updateTask.mutate({ id: task.id, payload: { subtasks } })}
              onEdit={() => openEdit(task)}
              onDelete={() => void remove(task)}
              deleting={deleteTask.isPending && deleteTask.variables === task.id}
            />
          </li>
        ))}
      </PlainList>
    );
  }

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader title={t('tasks.title')} subtitle={t('tasks.subtitle')} extra={addTaskButton} />
      <QuickAddBox />

      <Row gutter={[token.margin, token.margin]}>
        {statCards.map((card) => (
          <Col key={card.key} xs={12} lg={6}>
            <StatCard
              title={card.title}
              value={stat(card.value)}
              icon={card.icon}
              accent={card.accent}
              loading={tasksQuery.isPending}
            />
          </Col>
        ))}
      </Row>

      <Flex vertical gap={token.marginMD}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          <Col xs={24} md={16} lg={18}>
            <Input
              allowClear
              prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
              placeholder={t('tasks.searchPlaceholder')}
              aria-label={t('tasks.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </Col>
          <Col xs={24} md={8} lg={6}>
            <Select
              aria-label={t('tasks.filterStatus')}
              value={statusFilter}
              onChange={setStatusFilter}
              options={statusFilterOptions}
              style={{ width: '100%' }}
            />
          </Col>
        </Row>
        {loadError}
        {list}
      </Flex>

      <TaskFormDialog open={dialog.open} task={dialog.task} onClose={closeDialog} />
    </Flex>
  );
}
