import { useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Flex, Tag, Tooltip, Typography, theme, type TagProps } from 'antd';
import {
  CalendarOutlined,
  CheckSquareOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  SyncOutlined,
  TagOutlined,
  UpOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Subtask, Task, TaskPriority, TaskStatus } from '@aide/contracts';
import { useT } from '../i18n';
import { useT as useExtraT } from '../i18n/tasks-extra';
import { repeatSummary } from '../shared/repeat';
import { DATE_TIME, formatLocalInstant } from '../shared/time';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { PRIORITY_LABELS, statusBadgeText } from './taskLabels';

/** Spec §4: destructive for high, secondary for medium, outline for low. */
const PRIORITY_TAG: Record<TaskPriority, TagProps> = {
  high: { color: 'error', variant: 'solid' },
  medium: { variant: 'filled' },
  low: { variant: 'outlined' },
};

const STATUS_TAG_COLOR: Record<TaskStatus, TagProps['color']> = {
  pending: 'warning',
  in_progress: 'processing',
  completed: 'success',
};

/** Spec §9: tooltips open after 700 ms. */
const TOOLTIP_DELAY = 0.7;

export interface TaskCardProps {
  task: Task;
  /** The status to show, which may run ahead of `task` while a change is being saved. */
  status: TaskStatus;
  onToggle: (completed: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  /** Ticking a step from the card sends the whole checklist. */
  onSubtasksChange?: (subtasks: Subtask[]) => void;
}

export function TaskCard({ task, status, onToggle, onEdit, onDelete, deleting, onSubtasksChange }: TaskCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const tx = useExtraT();
  const { timezone } = useProfileTimezone();
  const [showSubtasks, setShowSubtasks] = useState(false);
  const completed = status === 'completed';
  const subtasksDone = task.subtasks.filter((s) => s.done).length;
  const subtaskListId = `task-${task.id}-subtasks`;
  const titleLineHeight = token.fontSizeLG * token.lineHeightLG;

  return (
    <Card size="small" styles={{ body: { padding: token.padding } }}>
      <Flex gap={token.marginSM} align="flex-start">
        <Checkbox
          checked={completed}
          onChange={(e) => onToggle(e.target.checked)}
          aria-label={t(completed ? 'tasks.card.markNotComplete' : 'tasks.card.markComplete', { title: task.title })}
          style={{ marginTop: (titleLineHeight - token.controlInteractiveSize) / 2 }}
        />
        <Flex vertical gap={token.marginXS} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text
            strong
            delete={completed}
            type={completed ? 'secondary' : undefined}
            style={{ fontSize: token.fontSizeLG, lineHeight: `${titleLineHeight}px`, overflowWrap: 'anywhere' }}
          >
            {task.title}
          </Typography.Text>
          {task.description ? (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 3 }}
              style={{ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {task.description}
            </Typography.Paragraph>
          ) : null}
          <Flex wrap gap={token.marginXS} align="center" style={{ marginTop: token.marginXXS }}>
            <Tag {...PRIORITY_TAG[task.priority]} style={{ marginInlineEnd: 0 }}>
              {PRIORITY_LABELS[task.priority]}
            </Tag>
            <Tag color={STATUS_TAG_COLOR[status]} style={{ marginInlineEnd: 0 }}>
              {statusBadgeText(status)}
            </Tag>
            {task.category ? (
              <Tag icon={<TagOutlined />} color="geekblue" style={{ marginInlineEnd: 0 }}>
                {task.category}
              </Tag>
            ) : null}
            <DueDate dueDate={task.dueDate} completed={completed} />
            {task.recurrence ? (
              <RepeatIcon
                summary={repeatSummary(task.recurrence, dayjs(task.dueDate ?? undefined).tz(timezone))}
                label={(summary) => tx('card.repeats', { summary })}
              />
            ) : null}
            {task.subtasks.length > 0 ? (
              <Tag
                icon={<CheckSquareOutlined />}
                color={subtasksDone === task.subtasks.length ? 'success' : undefined}
                variant="outlined"
                style={{ marginInlineEnd: 0, cursor: 'pointer' }}
                role="button"
                tabIndex={0}
                aria-expanded={showSubtasks}
                aria-controls={subtaskListId}
                aria-label={tx('card.progress', { done: subtasksDone, total: task.subtasks.length })}
                title={tx(showSubtasks ? 'card.hideSubtasks' : 'card.showSubtasks')}
                onClick={() => setShowSubtasks((shown) => !shown)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    setShowSubtasks((shown) => !shown);
                  }
                }}
                data-testid="subtask-progress"
              >
                {tx('card.progressShort', { done: subtasksDone, total: task.subtasks.length })}{' '}
                {showSubtasks ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              </Tag>
            ) : null}
          </Flex>
          {showSubtasks && task.subtasks.length > 0 ? (
            <ul
              id={subtaskListId}
              aria-label={tx('subtasks.list')}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {task.subtasks.map((subtask) => (
                <li key={subtask.id}>
                  <Checkbox
                    checked={subtask.done}
                    disabled={!onSubtasksChange}
                    onChange={(e) =>
                      onSubtasksChange?.(
                        task.subtasks.map((s) => (s.id === subtask.id ? { ...s, done: e.target.checked } : s)),
                      )
                    }
                  >
                    <Typography.Text delete={subtask.done} type={subtask.done ? 'secondary' : undefined}>
                      {subtask.title}
                    </Typography.Text>
                  </Checkbox>
                </li>
              ))}
            </ul>
          ) : null}
        </Flex>
        <Flex gap={token.marginXXS} style={{ flex: 'none' }}>
          <Tooltip title={t('tasks.card.edit')} mouseEnterDelay={TOOLTIP_DELAY}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('tasks.card.editTask')} onClick={onEdit} />
          </Tooltip>
          <Tooltip title={t('common.delete')} mouseEnterDelay={TOOLTIP_DELAY}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('tasks.card.deleteTask')}
              loading={deleting}
              onClick={onDelete}
            />
          </Tooltip>
        </Flex>
      </Flex>
    </Card>
  );
}

/** 'Due 21 Nov 2026, 14:30' in local time; red once past unless the task is done. */
function DueDate({ dueDate, completed }: { dueDate: string | null; completed: boolean }): ReactNode {
  const { token } = theme.useToken();
  const t = useT();
  if (!dueDate) return null;
  const due = dayjs(dueDate);
  if (!due.isValid()) return null;
  const overdue = !completed && due.isBefore(dayjs());
  return (
    <Typography.Text
      type={overdue ? 'danger' : 'secondary'}
      style={{ fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}
    >
      <time dateTime={due.toISOString()}>
        <CalendarOutlined style={{ marginInlineEnd: token.marginXXS }} />
        <span>
          {t('tasks.card.due', {
            date: formatLocalInstant(dueDate, 'D MMM YYYY, HH:mm', DATE_TIME),
          })}
        </span>
      </time>
      {overdue ? <span> · {t('tasks.card.overdue')}</span> : null}
    </Typography.Text>
  );
}

/** The repeat icon; the rule as a sentence in its tooltip and for screen readers. */
function RepeatIcon({ summary, label }: { summary: string; label: (summary: string) => string }) {
  const { token } = theme.useToken();
  return (
    <Tooltip title={summary} mouseEnterDelay={TOOLTIP_DELAY}>
      <SyncOutlined
        role="img"
        aria-label={label(summary)}
        tabIndex={0}
        style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
        data-testid="task-repeats"
      />
    </Tooltip>
  );
}
