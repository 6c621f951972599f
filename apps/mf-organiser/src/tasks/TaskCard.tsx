import type { ReactNode } from 'react';
import { Button, Card, Checkbox, Flex, Tag, Tooltip, Typography, theme, type TagProps } from 'antd';
import { CalendarOutlined, DeleteOutlined, EditOutlined, TagOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Task, TaskPriority, TaskStatus } from '@aide/contracts';
import { useT } from '../i18n';
import { DATE_TIME, formatLocalInstant } from '../shared/time';
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
}

export function TaskCard({ task, status, onToggle, onEdit, onDelete, deleting }: TaskCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const completed = status === 'completed';
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
          </Flex>
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
