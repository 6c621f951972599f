import { useEffect, useRef, type ButtonHTMLAttributes, type HTMLAttributes, type ReactNode } from 'react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Flex, Typography, theme } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { useT } from '../i18n';
import { clockTime, dayjs, formatDay, LONG_DAY, todayKey } from '../shared/time';
import { EVENT_TYPE_COLORS } from './eventLabels';
import { layoutDayEvents } from './layoutDayEvents';
import { HOUR_HEIGHT } from './timeBlocks';
import { doneTitleStyle, EventMarks, eventMarksText, isDoneBlock } from './EventMarks';
import { VisuallyHidden } from '@aide/ui';

const GUTTER_WIDTH = 56;
/** The grid opens scrolled to the working day. */
const FIRST_VISIBLE_HOUR = 7;
/** Below this a week's columns scroll sideways rather than squeeze events unreadable. */
const MIN_DAY_WIDTH = 96;
/** Three days or fewer (phones) fit a 390 px screen without scrolling sideways. */
const MIN_FEW_DAYS_WIDTH = 72;
/** A 15-minute event still gets a block one line of its title fits in (30 minutes: 24 px), not a sliver. */
const MIN_EVENT_MINUTES = 30;
/** From this height a block has room for its start time under the title. */
const TIME_LINE_HEIGHT = 34;
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Where a task being dragged would land: a dashed block at that time. */
export interface DropPreviewSlot {
  dayKey: string;
  /** Minutes after the day's midnight (wall clock). */
  startMinute: number;
  minutes: number;
  label: string;
}

/** Draggable id of an event block: dropped on another time, the event moves there (see TimeBlockingGrid). */
export const eventDragId = (key: string) => `event:${key}`;

/** An event block the mouse (or a long press) can move to another time; a click still opens it. */
function DraggableEvent({
  event,
  dragId,
  style,
  children,
  ...props
}: { event: CalendarEvent; dragId: string; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: dragId, data: { event } });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...listeners}
      {...props}
      style={{ ...style, opacity: isDragging ? 0.4 : 1 }}
    >
      {children}
    </button>
  );
}

/** Droppable id of a day's column: a task dropped on it is scheduled there (see CalendarTab). */
export const dayDropId = (dayKey: string) => `day:${dayKey}`;

/** One day's column: a drop target for tasks, found again by `data-day-column` to read where the drop landed. */
function DayColumn({
  dayKey,
  children,
  ...props
}: { dayKey: string; children: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, 'role'>) {
  const { setNodeRef, isOver } = useDroppable({ id: dayDropId(dayKey), data: { dayKey } });
  return (
    <div ref={setNodeRef} role="group" data-day-column={dayKey} data-drop-over={isOver || undefined} {...props}>
      {children}
    </div>
  );
}

function DropPreview({ startMinute, minutes, label }: DropPreviewSlot) {
  const { token } = theme.useToken();
  return (
    <div
      aria-hidden
      data-testid="drop-preview"
      style={{
        position: 'absolute',
        top: (startMinute / 60) * HOUR_HEIGHT + 1,
        height: (minutes / 60) * HOUR_HEIGHT - 2,
        insetInline: 2,
        border: `2px dashed ${token.colorPrimary}`,
        borderRadius: token.borderRadiusSM,
        background: token.colorPrimaryBg,
        color: token.colorPrimaryText,
        fontSize: token.fontSizeSM,
        padding: `0 ${token.paddingXXS}px`,
        overflow: 'hidden',
        pointerEvents: 'none',
        zIndex: 1,
      }}
    >
      {label}
    </div>
  );
}

export interface TimeGridViewProps {
  /** The days shown as columns ('YYYY-MM-DD'): seven for the week view, three or one on phones. */
  days: string[];
  selectedKey: string;
  events: CalendarEvent[];
  timezone: string;
  onSelectDay: (key: string) => void;
  onOpenEvent: (event: CalendarEvent) => void;
  /** While a task is dragged over a day: where it would land. */
  dropPreview?: DropPreviewSlot | null;
}

/**
 * Week, 3-day and day views: one column per day, events placed in their hour slots by start and end.
 * One scroll area for both directions: the day headers stay on top and the hour labels stay at the
 * start while it scrolls, so a week scrolled sideways on a phone keeps its hours.
 */
export function TimeGridView({
  days,
  selectedKey,
  events,
  timezone,
  onSelectDay,
  onOpenEvent,
  dropPreview,
}: TimeGridViewProps) {
  const { token } = theme.useToken();
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const today = todayKey(timezone);

  useEffect(() => {
    // A little above the hour, so its label is not cut off.
    if (frame.current) frame.current.scrollTop = FIRST_VISIBLE_HOUR * HOUR_HEIGHT - 12;
  }, []);

  // Where the week scrolls sideways (phones), bring the selected day's column into view.
  useEffect(() => {
    const el = frame.current;
    const index = days.indexOf(selectedKey);
    if (!el || index < 0 || el.scrollWidth <= el.clientWidth) return;
    const dayWidth = (el.scrollWidth - GUTTER_WIDTH) / days.length;
    const left = GUTTER_WIDTH + index * dayWidth;
    if (left < el.scrollLeft + GUTTER_WIDTH || left + dayWidth > el.scrollLeft + el.clientWidth) {
      el.scrollLeft = Math.max(0, left - GUTTER_WIDTH);
    }
  }, [days, selectedKey]);

  const border = `1px solid ${token.colorBorderSecondary}`;
  const columns = `${GUTTER_WIDTH}px repeat(${days.length}, minmax(0, 1fr))`;
  /** The hour column and the corner above it stay put while the days scroll sideways under them. */
  const stickyStart = { position: 'sticky', insetInlineStart: 0 } as const;

  return (
    <div
      ref={frame}
      data-testid="calendar-time-grid"
      style={{
        border,
        borderRadius: token.borderRadiusLG,
        overflow: 'auto',
        maxHeight: 11 * HOUR_HEIGHT + 56,
        overscrollBehaviorX: 'contain',
      }}
    >
      <div style={{ minWidth: GUTTER_WIDTH + days.length * (days.length > 3 ? MIN_DAY_WIDTH : MIN_FEW_DAYS_WIDTH) }}>
        {/* Day headers: clicking one selects that day. */}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: columns,
            borderBottom: border,
            background: token.colorBgContainer,
            position: 'sticky',
            top: 0,
            zIndex: 3,
          }}
        >
          <div style={{ ...stickyStart, zIndex: 1, background: token.colorBgContainer }} />
          {days.map((key) => {
            const d = dayjs(key);
            const selected = key === selectedKey;
            const isToday = key === today;
            return (
              <button
                key={key}
                type="button"
                onClick={() => onSelectDay(key)}
                aria-pressed={selected}
                style={{
                  position: 'relative',
                  border: 0,
                  borderInlineStart: border,
                  background: selected ? token.controlItemBgActive : token.colorFillQuaternary,
                  padding: `${token.paddingXS}px 0`,
                  cursor: 'pointer',
                  font: 'inherit',
                  color: token.colorText,
                }}
              >
                {/* Named by the full date; 'Sat 21' is what the eye reads. */}
                <VisuallyHidden>{formatDay(key, { ...LONG_DAY, year: 'numeric' })}</VisuallyHidden>
                <Typography.Text type="secondary" aria-hidden style={{ display: 'block', fontSize: token.fontSizeSM }}>
                  {formatDay(key, { weekday: 'short' })}
                </Typography.Text>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    minWidth: 28,
                    height: 28,
                    borderRadius: 14,
                    fontWeight: token.fontWeightStrong,
                    fontSize: token.fontSizeLG,
                    color: isToday ? token.colorTextLightSolid : undefined,
                    background: isToday ? token.colorPrimary : undefined,
                  }}
                >
                  {d.format('D')}
                </span>
              </button>
            );
          })}
        </div>

        <div style={{ display: 'grid', gridTemplateColumns: columns, position: 'relative' }}>
          <div
            aria-hidden
            data-testid="calendar-hour-labels"
            style={{ ...stickyStart, zIndex: 2, background: token.colorBgContainer }}
          >
            {HOURS.map((h) => (
              <div key={h} style={{ height: HOUR_HEIGHT, position: 'relative' }}>
                {h > 0 ? (
                  <Typography.Text
                    type="secondary"
                    style={{
                      position: 'absolute',
                      top: -9,
                      insetInlineEnd: token.paddingXS,
                      fontSize: token.fontSizeSM,
                    }}
                  >
                    {`${String(h).padStart(2, '0')}:00`}
                  </Typography.Text>
                ) : null}
              </div>
            ))}
          </div>
          {days.map((key) => (
            <DayColumn
              key={key}
              dayKey={key}
              aria-label={t('calendar.grid.dayEvents', { date: formatDay(key, LONG_DAY) })}
              onClick={() => onSelectDay(key)}
              style={{
                position: 'relative',
                borderInlineStart: border,
                background: key === selectedKey && days.length > 1 ? token.colorFillQuaternary : undefined,
              }}
            >
              {HOURS.map((h) => (
                <div key={h} style={{ height: HOUR_HEIGHT, borderTop: h > 0 ? border : undefined }} />
              ))}
              {layoutDayEvents(events, key, timezone, MIN_EVENT_MINUTES).map(
                ({ event, key: eventKey, startMinute, endMinute, column, columns: cols }) => {
                  // A done time block takes the success colour, whatever its type.
                  const colour = isDoneBlock(event) ? token.colorSuccess : token[`${EVENT_TYPE_COLORS[event.type]}6`];
                  const height = ((endMinute - startMinute) / 60) * HOUR_HEIGHT;
                  const start = clockTime(event.startTime, timezone);
                  return (
                    <DraggableEvent
                      key={eventKey}
                      event={event}
                      dragId={eventDragId(eventKey)}
                      title={event.title}
                      aria-description={eventMarksText(event)}
                      data-event-key={eventKey}
                      // Its name holds what it shows (the title, then the start time) and says the end too.
                      aria-label={t('calendar.event.name', {
                        title: event.title,
                        start,
                        end: clockTime(event.endTime, timezone),
                      })}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpenEvent(event);
                      }}
                      style={{
                        position: 'absolute',
                        top: (startMinute / 60) * HOUR_HEIGHT + 1,
                        height: height - 2,
                        insetInlineStart: `calc(${(column / cols) * 100}% + 2px)`,
                        width: `calc(${100 / cols}% - 4px)`,
                        overflow: 'hidden',
                        padding: `2px ${token.paddingXXS}px`,
                        border: 0,
                        borderInlineStart: `3px solid ${colour}`,
                        borderRadius: token.borderRadiusSM,
                        background: `color-mix(in srgb, ${colour} 18%, ${token.colorBgContainer})`,
                        color: token.colorText,
                        font: 'inherit',
                        fontSize: token.fontSizeSM,
                        lineHeight: 1.35,
                        textAlign: 'start',
                        cursor: 'pointer',
                        boxShadow: token.boxShadowTertiary,
                      }}
                    >
                      <Flex vertical>
                        <span
                          style={{
                            fontWeight: token.fontWeightStrong,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          <EventMarks event={event} />
                          <span style={doneTitleStyle(event)}>{event.title}</span>
                        </span>{' '}
                        {height >= TIME_LINE_HEIGHT ? (
                          <Typography.Text type="secondary" style={{ fontSize: 'inherit', whiteSpace: 'nowrap' }}>
                            {start}
                          </Typography.Text>
                        ) : null}
                      </Flex>
                    </DraggableEvent>
                  );
                },
              )}
              {dropPreview?.dayKey === key ? <DropPreview {...dropPreview} /> : null}
            </DayColumn>
          ))}
        </div>
      </div>
    </div>
  );
}
