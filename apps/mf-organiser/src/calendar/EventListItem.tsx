import { Flex, Tag, Typography, theme } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { CalendarEvent } from '@aide/contracts';
import { useT } from '../i18n';
import { clockTime, formatInZone } from '../shared/time';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABELS } from './eventLabels';
import { doneTitleStyle, EventMarks, eventMarksText, isDoneBlock } from './EventMarks';

export interface EventListItemProps {
  event: CalendarEvent;
  timezone: string;
  onOpen: (event: CalendarEvent) => void;
  /** Show the date too (the upcoming list spans days). */
  withDate?: boolean;
}

/**
 * An event in a side card's list: a button with its title, type, time and location, named by all of
 * them (no aria-label that would leave out what it shows).
 */
export function EventListItem({ event, timezone, onOpen, withDate }: EventListItemProps) {
  const { token } = theme.useToken();
  const t = useT();
  const colour = isDoneBlock(event) ? token.colorSuccess : token[`${EVENT_TYPE_COLORS[event.type]}6`];
  const times = t('calendar.event.timeRange', {
    start: clockTime(event.startTime, timezone),
    end: clockTime(event.endTime, timezone),
  });
  const date = formatInZone(event.startTime, timezone, { weekday: 'short', month: 'short', day: 'numeric' });
  const when = withDate ? t('calendar.event.when', { date, times }) : times;
  return (
    <button
      type="button"
      aria-description={eventMarksText(event)}
      onClick={() => onOpen(event)}
      style={{
        display: 'block',
        width: '100%',
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderInlineStart: `3px solid ${colour}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        color: token.colorText,
        font: 'inherit',
        textAlign: 'start',
        cursor: 'pointer',
      }}
    >
      <Flex justify="space-between" align="flex-start" gap={token.marginXS}>
        <Typography.Text strong ellipsis style={{ minWidth: 0, ...doneTitleStyle(event) }}>
          <EventMarks event={event} />
          {event.title}
        </Typography.Text>
        <Tag color={EVENT_TYPE_COLORS[event.type]} style={{ marginInlineEnd: 0, flex: 'none' }}>
          {EVENT_TYPE_LABELS[event.type]}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM }}>
        {when}
      </Typography.Text>
      {event.location ? (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: token.fontSizeSM }}>
          <EnvironmentOutlined /> {event.location}
        </Typography.Text>
      ) : null}
    </button>
  );
}
