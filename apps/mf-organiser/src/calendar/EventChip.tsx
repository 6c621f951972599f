import type { CSSProperties } from 'react';
import { Typography, theme } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { useT } from '../i18n';
import { clockTime } from '../shared/time';
import { EVENT_TYPE_COLORS } from './eventLabels';
import { doneTitleStyle, EventMarks, eventMarksText, isDoneBlock } from './EventMarks';

export interface EventChipProps {
  event: CalendarEvent;
  timezone: string;
  onOpen: (event: CalendarEvent) => void;
  /** Without the start time, e.g. where space is tight. */
  compact?: boolean;
  style?: CSSProperties;
}

/**
 * One event as a one-line button in a month cell: a type-coloured mark, its title and start time. Its
 * name starts with what it shows (title, then start) and adds the end: 'Standup, 09:00 to 09:15'.
 */
export function EventChip({ event, timezone, onOpen, compact, style }: EventChipProps) {
  const { token } = theme.useToken();
  const t = useT();
  const colour = isDoneBlock(event) ? token.colorSuccess : token[`${EVENT_TYPE_COLORS[event.type]}6`];
  const start = clockTime(event.startTime, timezone);
  return (
    <button
      type="button"
      title={event.title}
      aria-description={eventMarksText(event)}
      aria-label={t('calendar.event.name', { title: event.title, start, end: clockTime(event.endTime, timezone) })}
      onClick={(e) => {
        // The cell behind it selects its day; the chip opens the event instead.
        e.stopPropagation();
        onOpen(event);
      }}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXXS,
        width: '100%',
        minWidth: 0,
        padding: `0 ${token.paddingXXS}px`,
        border: 0,
        borderInlineStart: `3px solid ${colour}`,
        borderRadius: token.borderRadiusSM,
        background: `color-mix(in srgb, ${colour} 14%, transparent)`,
        color: token.colorText,
        font: 'inherit',
        fontSize: token.fontSizeSM,
        lineHeight: `${token.fontSizeSM * token.lineHeightSM + 2}px`,
        textAlign: 'start',
        cursor: 'pointer',
        ...style,
      }}
    >
      <EventMarks event={event} />
      <span
        style={{
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          ...doneTitleStyle(event),
        }}
      >
        {event.title}
      </span>{' '}
      {compact ? null : (
        <Typography.Text type="secondary" style={{ fontSize: 'inherit', flex: 'none' }}>
          {start}
        </Typography.Text>
      )}
    </button>
  );
}
