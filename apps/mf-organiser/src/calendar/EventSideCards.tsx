import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { EmptyState, PlainList } from '@aide/ui';
import { useT } from '../i18n';
import { formatDay, LONG_DAY } from '../shared/time';
import { eventKey, upcomingEvents } from './eventGroups';
import type { CalendarView } from './calendarRange';
import { useT as useCalendarT } from '../i18n/calendar-extra';
import { EventListItem } from './EventListItem';

interface CommonProps {
  timezone: string;
  onOpenEvent: (event: CalendarEvent) => void;
}

function EventList({
  events,
  timezone,
  onOpenEvent,
  withDate,
  label,
}: CommonProps & { events: CalendarEvent[]; withDate?: boolean; label: string }) {
  return (
    <PlainList label={label} tight>
      {events.map((event) => (
        <li key={eventKey(event)}>
          <EventListItem event={event} timezone={timezone} onOpen={onOpenEvent} withDate={withDate} />
        </li>
      ))}
    </PlainList>
  );
}

/** The selected day's events (spec: 'No events on this date'). */
export function SelectedDateCard({
  dayKey,
  events,
  loading,
  ...common
}: CommonProps & { dayKey: string; events: CalendarEvent[]; loading: boolean }) {
  const t = useT();
  const title = formatDay(dayKey, LONG_DAY);
  return (
    <Card title={title} size="small" loading={loading} style={{ height: '100%' }}>
      {events.length === 0 ? (
        <EmptyState description={t('calendar.side.noEventsOnDate')} />
      ) : (
        <EventList events={events} label={t('calendar.side.eventsOn', { date: title })} {...common} />
      )}
    </Card>
  );
}

/** The next 5 events that start in the future. */
export function UpcomingEventsCard({
  events,
  loading,
  ...common
}: CommonProps & { events: CalendarEvent[]; loading: boolean }) {
  const t = useT();
  const upcoming = upcomingEvents(events);
  return (
    <Card title={t('calendar.side.upcoming')} size="small" loading={loading} style={{ height: '100%' }}>
      {upcoming.length === 0 ? (
        <EmptyState description={t('calendar.side.noUpcoming')} />
      ) : (
        <EventList events={upcoming} label={t('calendar.side.upcomingList')} withDate {...common} />
      )}
    </Card>
  );
}

/**
 * Counts of the events in the view shown (each occurrence of a repeating event counts): total and per
 * type. A repeating event has no end, so "all events" would be endless; the card says which view it counts.
 */
export function EventStatisticsCard({
  events,
  loading,
  view,
}: {
  events: CalendarEvent[];
  loading: boolean;
  view: CalendarView;
}) {
  const { token } = theme.useToken();
  const t = useT();
  const tc = useCalendarT();
  const count = (type: CalendarEvent['type']) => events.filter((e) => e.type === type).length;
  const stats = [
    { key: 'total', title: t('calendar.side.total'), value: events.length, colour: token.colorText },
    { key: 'meeting', title: t('calendar.side.meetings'), value: count('meeting'), colour: token.blue6 },
    { key: 'reminder', title: t('calendar.side.reminders'), value: count('reminder'), colour: token.orange6 },
    { key: 'appointment', title: t('calendar.side.appointments'), value: count('appointment'), colour: token.green6 },
  ];
  return (
    <Card
      title={t('calendar.side.statistics')}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {tc('side.statsRange', { view })}
        </Typography.Text>
      }
      size="small"
      style={{ height: '100%' }}
    >
      <Row gutter={[token.margin, token.margin]} role="list" aria-label={t('calendar.side.statisticsList')}>
        {stats.map((s) => (
          <Col span={12} key={s.key} role="listitem">
            <Statistic
              title={<Typography.Text type="secondary">{s.title}</Typography.Text>}
              value={s.value}
              loading={loading}
              styles={{ content: { color: s.colour, fontWeight: token.fontWeightStrong } }}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
