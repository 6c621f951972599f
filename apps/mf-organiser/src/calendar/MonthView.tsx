import { Badge, Flex, Grid, Typography, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import type { CalendarEvent } from '@aide/contracts';
import { useT } from '../i18n';
import { dayjs, DATE_KEY_FORMAT } from '../shared/time';
import { calendarIn, VisuallyHidden } from '@aide/ui';
import { EventChip } from './EventChip';
import { EVENT_TYPE_COLORS } from './eventLabels';
import { eventKey } from './eventGroups';

/** Month cells list this many events, then '+N more'. */
const CELL_EVENTS = 3;

export interface MonthViewProps {
  selectedKey: string;
  /** Events by the day ('YYYY-MM-DD', profile timezone) they start on. */
  eventsByDay: Map<string, CalendarEvent[]>;
  timezone: string;
  onSelectDay: (key: string) => void;
  onOpenEvent: (event: CalendarEvent) => void;
}

/**
 * The month grid is antd's Calendar (weeks start where the language's calendar starts them: Sunday in
 * English, as the week view); its own header is replaced by the screen's toolbar. Narrow screens get
 * the compact calendar with dots.
 */
export function MonthView({ selectedKey, eventsByDay, timezone, onSelectDay, onOpenEvent }: MonthViewProps) {
  const { token } = theme.useToken();
  const t = useT();
  const screens = Grid.useBreakpoint();
  const fullscreen = screens.md !== false;

  const cellRender = (date: Dayjs, info: { type: string }) => {
    if (info.type !== 'date') return null;
    const events = eventsByDay.get(date.format(DATE_KEY_FORMAT)) ?? [];
    if (!fullscreen) {
      // Compact: one dot per type present, under the day number (an empty row keeps rows even). The
      // count is text for screen readers: a plain div may not carry an aria-label.
      const types = [...new Set(events.map((e) => e.type))];
      return (
        <Flex justify="center" gap={2} style={{ height: 8, lineHeight: 1, position: 'relative' }}>
          {types.map((type) => (
            <Badge key={type} color={EVENT_TYPE_COLORS[type]} aria-hidden />
          ))}
          {events.length ? (
            <VisuallyHidden>{t('calendar.month.dayEvents', { count: events.length })}</VisuallyHidden>
          ) : null}
        </Flex>
      );
    }
    if (events.length === 0) return null;
    const more = events.length - CELL_EVENTS;
    return (
      <Flex vertical gap={2}>
        {events.slice(0, CELL_EVENTS).map((event) => (
          <EventChip key={eventKey(event)} event={event} timezone={timezone} onOpen={onOpenEvent} />
        ))}
        {more > 0 ? (
          <Typography.Text
            type="secondary"
            style={{ fontSize: token.fontSizeSM, paddingInlineStart: token.paddingXXS }}
          >
            {t('calendar.month.more', { count: more })}
          </Typography.Text>
        ) : null}
      </Flex>
    );
  };

  const ZonedCalendar = calendarIn(timezone);
  return (
    // calendarIn gives the same component for the same zone, so nothing is remounted across renders.
    // eslint-disable-next-line react-hooks/static-components
    <ZonedCalendar
      fullscreen={fullscreen}
      value={dayjs(selectedKey)}
      headerRender={() => null}
      cellRender={cellRender}
      onSelect={(date, { source }) => {
        if (source === 'date') onSelectDay(date.format(DATE_KEY_FORMAT));
      }}
    />
  );
}
