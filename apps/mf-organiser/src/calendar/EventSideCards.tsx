import { Card, Col, Row, Statistic, Typography, theme } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { EmptyState, PlainList } from '@aide/ui';
import { dayjs } from '../shared/time';
import { upcomingEvents } from './eventGroups';
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
        <li key={event.id}>
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
  const title = dayjs(dayKey).format('dddd, MMMM D');
  return (
    <Card title={title} size="small" loading={loading} style={{ height: '100%' }}>
      {events.length === 0 ? (
        <EmptyState description="No events on this date" />
      ) : (
        <EventList events={events} label={`Events on ${title}`} {...common} />
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
  const upcoming = upcomingEvents(events);
  return (
    <Card title="Upcoming Events" size="small" loading={loading} style={{ height: '100%' }}>
      {upcoming.length === 0 ? (
        <EmptyState description="No upcoming events" />
      ) : (
        <EventList events={upcoming} label="Upcoming events" withDate {...common} />
      )}
    </Card>
  );
}

/** Counts over all the user's events: total and per type. */
export function EventStatisticsCard({ events, loading }: { events: CalendarEvent[]; loading: boolean }) {
  const { token } = theme.useToken();
  const count = (type: CalendarEvent['type']) => events.filter((e) => e.type === type).length;
  const stats = [
    { title: 'Total Events', value: events.length, colour: token.colorText },
    { title: 'Meetings', value: count('meeting'), colour: token.blue6 },
    { title: 'Reminders', value: count('reminder'), colour: token.orange6 },
    { title: 'Appointments', value: count('appointment'), colour: token.green6 },
  ];
  return (
    <Card title="Event Statistics" size="small" style={{ height: '100%' }}>
      <Row gutter={[token.margin, token.margin]} role="list" aria-label="Event statistics">
        {stats.map((s) => (
          <Col span={12} key={s.title} role="listitem">
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
