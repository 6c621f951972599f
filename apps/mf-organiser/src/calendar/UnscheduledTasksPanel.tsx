import { useId } from 'react';
import { Alert, Badge, Button, Flex, Spin, Tag, Typography, theme } from 'antd';
import { CalendarOutlined, DownOutlined, HolderOutlined, UpOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import type { Task } from '@aide/contracts';
import { errorDetail } from '@aide/api-client';
import { PlainList } from '@aide/ui';
import { useT } from '../i18n/calendar-extra';
import { dayjs, formatInZone } from '../shared/time';
import { PRIORITY_LABELS } from '../tasks/taskLabels';

/** Draggable id of a task in the panel; the drop handler reads the task from its data. */
export const taskDragId = (taskId: number) => `task:${taskId}`;

export interface UnscheduledTasksPanelProps {
  tasks: Task[];
  loading: boolean;
  error: unknown;
  timezone: string;
  open: boolean;
  onToggle: () => void;
  /** The keyboard and phone path: pick a time in a dialog instead of dragging. */
  onSchedule: (task: Task) => void;
  /** As a column beside the grid (computers) or above it (phones). */
  layout: 'side' | 'top';
}

/**
 * "Unscheduled tasks": the open tasks without a block ahead, due soonest first. Drag one onto a time in
 * the week or day grid, or press its Schedule button to choose the time in a dialog.
 */
export function UnscheduledTasksPanel({
  tasks,
  loading,
  error,
  timezone,
  open,
  onToggle,
  onSchedule,
  layout,
}: UnscheduledTasksPanelProps) {
  const { token } = theme.useToken();
  const t = useT();
  const bodyId = useId();

  const header = (
    <Button
      type="text"
      aria-expanded={open}
      aria-controls={open ? bodyId : undefined}
      onClick={onToggle}
      icon={open ? <UpOutlined /> : <DownOutlined />}
      iconPlacement="end"
      style={{ justifyContent: 'space-between', width: open || layout === 'top' ? '100%' : undefined, fontWeight: 600 }}
      data-testid="unscheduled-toggle"
    >
      <Flex align="center" gap={token.marginXS}>
        {t('unscheduled.title')}
        <Badge count={tasks.length} showZero color={token.colorPrimary} overflowCount={99} />
      </Flex>
    </Button>
  );
  if (!open) return header;

  return (
    <section
      aria-labelledby={`${bodyId}-title`}
      style={{
        flex: layout === 'side' ? '0 0 248px' : undefined,
        width: layout === 'side' ? 248 : '100%',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        padding: token.paddingXS,
        alignSelf: 'flex-start',
        maxHeight: layout === 'side' ? 11 * 48 + 56 : undefined,
        overflow: 'auto',
      }}
      data-testid="unscheduled-panel"
    >
      <span id={`${bodyId}-title`} hidden>
        {t('unscheduled.title')}
      </span>
      {header}
      <div id={bodyId}>
        <Typography.Paragraph
          type="secondary"
          style={{ fontSize: token.fontSizeSM, margin: `${token.marginXXS}px ${token.marginXS}px ${token.marginXS}px` }}
        >
          {t('unscheduled.hint')}
        </Typography.Paragraph>
        {error ? (
          <Alert type="error" showIcon title={t('unscheduled.loadFailed')} description={errorDetail(error)} />
        ) : loading ? (
          <Flex justify="center" style={{ padding: token.padding }}>
            <Spin />
          </Flex>
        ) : tasks.length === 0 ? (
          <Typography.Text type="secondary" style={{ display: 'block', padding: token.paddingXS }}>
            {t('unscheduled.empty')}
          </Typography.Text>
        ) : (
          <PlainList label={t('unscheduled.title')} tight>
            {tasks.map((task) => (
              <li key={task.id}>
                <TaskItem task={task} timezone={timezone} onSchedule={onSchedule} />
              </li>
            ))}
          </PlainList>
        )}
      </div>
    </section>
  );
}

function TaskItem({ task, timezone, onSchedule }: { task: Task; timezone: string; onSchedule: (task: Task) => void }) {
  const { token } = theme.useToken();
  const t = useT();
  // Dragged with the mouse or a long press; the Schedule button is the keyboard's way, so the item
  // itself takes no focus or button role (the listeners only, not dnd-kit's keyboard attributes).
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: taskDragId(task.id), data: { task } });
  const overdue = task.dueDate ? dayjs(task.dueDate).isBefore(dayjs()) : false;
  const due = task.dueDate
    ? t('unscheduled.due', { date: formatInZone(task.dueDate, timezone, { month: 'short', day: 'numeric' }) })
    : t('unscheduled.noDue');
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      data-testid="unscheduled-task"
      data-task-id={task.id}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        border: `1px solid ${token.colorBorderSecondary}`,
        // The priority as the task card shows it: high stands out.
        borderInlineStart: `3px solid ${task.priority === 'high' ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        cursor: 'grab',
        opacity: isDragging ? 0.4 : 1,
        userSelect: 'none',
      }}
    >
      <HolderOutlined aria-hidden style={{ color: token.colorTextTertiary, flex: 'none' }} />
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text ellipsis strong style={{ fontSize: token.fontSizeSM }}>
          {task.title}
        </Typography.Text>
        <Flex align="center" gap={4} wrap>
          <Typography.Text type={overdue ? 'danger' : 'secondary'} style={{ fontSize: token.fontSizeSM }}>
            {due}
          </Typography.Text>
          {task.priority === 'high' ? (
            <Tag color="error" variant="solid" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
              {PRIORITY_LABELS.high}
            </Tag>
          ) : null}
        </Flex>
      </Flex>
      <Button
        size="small"
        icon={<CalendarOutlined />}
        aria-label={t('unscheduled.scheduleNamed', { title: task.title })}
        title={t('unscheduled.scheduleNamed', { title: task.title })}
        onClick={() => onSchedule(task)}
      >
        {t('unscheduled.schedule')}
      </Button>
    </div>
  );
}

/** What follows the pointer while a task is dragged (rendered in the DragOverlay). */
export function DraggedTask({ task }: { task: Pick<Task, 'title'> }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: token.marginXS,
        maxWidth: 240,
        padding: `${token.paddingXXS}px ${token.paddingSM}px`,
        borderRadius: token.borderRadius,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        border: `1px solid ${token.colorPrimary}`,
        cursor: 'grabbing',
        fontSize: token.fontSizeSM,
        fontWeight: 600,
      }}
    >
      <HolderOutlined aria-hidden />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{task.title}</span>
    </div>
  );
}
