import { useState } from 'react';
import { Checkbox, Flex, Tag, Typography, theme, type TagProps } from 'antd';
import { FlagOutlined } from '@ant-design/icons';
import { organiserDashboardSchema, type Task, type TaskPriority, type TaskStatus } from '@aide/contracts';
import { DashboardCard, EmptyState, useDashboardPart, PlainList } from '@aide/ui';
import { useT, type OrganiserKey } from '../i18n';
import { useUpdateTask } from '../tasks/useTasks';

const PRIORITY_LABELS: Record<TaskPriority, OrganiserKey> = {
  high: 'dashboard.priority.high',
  medium: 'dashboard.priority.medium',
  low: 'dashboard.priority.low',
};
/** Spec §4: destructive for high, secondary for medium, outline for low. */
const PRIORITY_TAG: Record<TaskPriority, TagProps> = {
  high: { color: 'error', variant: 'solid' },
  medium: { variant: 'filled' },
  low: { variant: 'outlined' },
};

/**
 * Priority Tasks. Toggling really changes the task, as on the Tasks screen (DECISIONS): the new
 * status shows at once and stays until the dashboard has refetched; a failed save shows no error (§8).
 */
export function PriorityTasksCard() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('organiser', organiserDashboardSchema);
  const tasks = part.data?.priorityTasks ?? [];
  const updateTask = useUpdateTask();
  const [saving, setSaving] = useState<Record<number, TaskStatus>>({});

  const statusOf = (task: Task) => saving[task.id] ?? task.status;
  const remaining = tasks.filter((t) => statusOf(t) !== 'completed').length;

  const toggle = async (task: Task, completed: boolean) => {
    const status: TaskStatus = completed ? 'completed' : 'pending';
    setSaving((s) => ({ ...s, [task.id]: status }));
    try {
      // Resolves once what the update invalidates (the tasks and the dashboard) is fresh again.
      await updateTask.mutateAsync({ id: task.id, payload: { status } });
    } catch {
      // Spec §8: the checkbox shows no error; the task simply shows its saved status again.
    } finally {
      setSaving(({ [task.id]: _done, ...rest }) => rest);
    }
  };

  return (
    <DashboardCard
      title={t('widget.priorityTasks')}
      icon={<FlagOutlined />}
      link={{ label: t('common.viewAll'), to: '/tasks' }}
      query={part}
    >
      {tasks.length === 0 ? (
        <EmptyState description={t('dashboard.priority.empty')} />
      ) : (
        <Flex vertical gap={token.marginSM}>
          <Typography.Text type="secondary">{t('dashboard.priority.remaining', { count: remaining })}</Typography.Text>
          <PlainList label={t('dashboard.priority.list')} tight>
            {tasks.map((task) => {
              const completed = statusOf(task) === 'completed';
              return (
                <li key={task.id}>
                  <Flex
                    align="center"
                    gap={token.marginSM}
                    style={{
                      padding: `${token.paddingXS}px ${token.paddingSM}px`,
                      borderRadius: token.borderRadius,
                      background: token.colorFillQuaternary,
                    }}
                  >
                    <Checkbox
                      checked={completed}
                      onChange={(e) => void toggle(task, e.target.checked)}
                      aria-label={t(completed ? 'tasks.card.markNotComplete' : 'tasks.card.markComplete', {
                        title: task.title,
                      })}
                    />
                    <Typography.Text
                      delete={completed}
                      type={completed ? 'secondary' : undefined}
                      ellipsis
                      style={{ flex: 1, minWidth: 0 }}
                    >
                      {task.title}
                    </Typography.Text>
                    <Tag {...PRIORITY_TAG[task.priority]} style={{ marginInlineEnd: 0, flex: 'none' }}>
                      {t(PRIORITY_LABELS[task.priority])}
                    </Tag>
                  </Flex>
                </li>
              );
            })}
          </PlainList>
        </Flex>
      )}
    </DashboardCard>
  );
}
