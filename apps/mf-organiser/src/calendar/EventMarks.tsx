import type { CSSProperties } from 'react';
import { theme } from 'antd';
import { BorderOutlined, CheckSquareFilled, SyncOutlined } from '@ant-design/icons';
import type { CalendarEvent } from '@aide/contracts';
import { t as translate } from '../i18n/calendar-extra';

/** Whether an event is a time block whose task is completed: it shows done. */
export const isDoneBlock = (event: CalendarEvent) => event.taskId !== null && event.taskStatus === 'completed';

/** Whether the event is (an occurrence of) a repeating event. */
export const repeats = (event: CalendarEvent) => event.recurringEventId !== null || Boolean(event.recurrence);

/**
 * What the marks say, for the event button's accessible description ("Repeating event", "Time block
 * for a completed task"): the button's name stays what it shows.
 */
export function eventMarksText(event: CalendarEvent): string | undefined {
  const parts = [
    ...(event.taskId !== null ? [translate(isDoneBlock(event) ? 'event.blockDone' : 'event.block')] : []),
    ...(repeats(event) ? [translate('event.repeating')] : []),
  ];
  return parts.length ? parts.join('. ') : undefined;
}

/** A time block's check box (ticked once its task is done) and a repeating event's arrows, before the title. */
export function EventMarks({ event }: { event: CalendarEvent }) {
  const { token } = theme.useToken();
  if (event.taskId === null && !repeats(event)) return null;
  const done = isDoneBlock(event);
  return (
    <span
      aria-hidden
      data-testid="event-marks"
      style={{ display: 'inline-flex', gap: 3, marginInlineEnd: 4, flex: 'none', fontSize: '0.9em' }}
    >
      {event.taskId !== null ? (
        done ? (
          <CheckSquareFilled data-mark="done" style={{ color: token.colorSuccess }} />
        ) : (
          <BorderOutlined data-mark="task" />
        )
      ) : null}
      {repeats(event) ? <SyncOutlined data-mark="repeat" style={{ color: token.colorTextSecondary }} /> : null}
    </span>
  );
}

/** A done block's title is struck through, and its block tinted with the success colour instead of its type's. */
export const doneTitleStyle = (event: CalendarEvent): CSSProperties | undefined =>
  isDoneBlock(event) ? { textDecoration: 'line-through', opacity: 0.75 } : undefined;
