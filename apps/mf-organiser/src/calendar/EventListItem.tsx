import { Flex, Tag, Typography, theme } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { CalendarEvent } from '@aide/contracts';
import { clockTime, inZone } from '../shared/time';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABELS } from './eventLabels';

export interface EventListItemProps {
  event: CalendarEvent;
  timezone: string;
  onOpen: (event: CalendarEvent) => void;
  /** Show the date too (the upcoming list spans days). */
  withDate?: boolean;
}

/** An event in a side card's list: a button with its title, time, type and location. */
export function EventListItem({ event, timezone, onOpen, withDate }: EventListItemProps) {
  const { token } = theme.useToken();
  const colour = token[`${EVENT_TYPE_COLORS[event.type]}6`];
  const when = `${withDate ? `${inZone(event.startTime, timezone).format('ddd, MMM D')} · ` : ''}${clockTime(event.startTime, timezone)} – ${clockTime(event.endTime, timezone)}`;
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      aria-label={event.title}
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
        <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
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
