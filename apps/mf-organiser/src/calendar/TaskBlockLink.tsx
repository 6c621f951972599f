import { Alert, Button } from 'antd';
import { CheckSquareOutlined, BorderOutlined } from '@ant-design/icons';
import type { CalendarEvent } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useT } from '../i18n/calendar-extra';

/** Where a time block's task opens: the Tasks screen with that task's dialog. */
export const taskHref = (taskId: number) => `/tasks?open=${taskId}`;

export interface TaskBlockLinkProps {
  /** A time block: an event with a `taskId`. */
  event: CalendarEvent;
  /** Called before leaving for the Tasks screen (to close the dialog it is in). */
  onNavigate?: () => void;
}

/** "Time block for a task: <title> · Open in Tasks", green once the task is completed. */
export function TaskBlockLink({ event, onNavigate }: TaskBlockLinkProps) {
  const t = useT();
  const { navigate } = useHost();
  if (event.taskId === null) return null;
  const done = event.taskStatus === 'completed';
  const taskId = event.taskId;
  return (
    <Alert
      type={done ? 'success' : 'info'}
      showIcon
      icon={done ? <CheckSquareOutlined /> : <BorderOutlined />}
      title={t(done ? 'event.blockDone' : 'event.block')}
      description={<span style={{ textDecoration: done ? 'line-through' : undefined }}>{event.title}</span>}
      action={
        <Button
          size="small"
          onClick={() => {
            onNavigate?.();
            navigate(taskHref(taskId));
          }}
        >
          {t('detail.openTask')}
        </Button>
      }
      style={{ marginBottom: 16 }}
      data-testid="task-block-link"
    />
  );
}
