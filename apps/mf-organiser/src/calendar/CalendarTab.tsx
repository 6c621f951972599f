import { useMemo } from 'react';
import { Alert, Button, Card, Col, Flex, Grid, Row, Spin, Typography, theme } from 'antd';
import { errorDetail } from '@aide/api-client';
import type { CalendarEvent } from '@aide/contracts';
import { useT } from '../i18n';
import { todayKey } from '../shared/time';
import { CalendarToolbar, DESKTOP_VIEWS, PHONE_VIEWS } from './CalendarToolbar';
import { shiftKey, shownDays, viewDays, viewRange, type CalendarView } from './calendarRange';
import { eventsByStartDay, sortByStart } from './eventGroups';
import { EventStatisticsCard, SelectedDateCard, UpcomingEventsCard } from './EventSideCards';
import { MonthView } from './MonthView';
import { TimeBlockingGrid } from './TimeBlockingGrid';
import { useEvents, useUpcomingEventRange } from './useEvents';

export interface CalendarTabProps {
  view: CalendarView;
  onViewChange: (view: CalendarView) => void;
  selectedKey: string;
  onSelect: (key: string) => void;
  timezone: string;
  onOpenEvent: (event: CalendarEvent) => void;
}

/**
 * The view a screen shows for the one chosen: phones show three days where a computer shows the week
 * (seven columns do not fit 390 px), and a computer the week where a phone chose three days.
 */
export function viewForScreen(view: CalendarView, phone: boolean): CalendarView {
  if (phone && view === 'week') return 'threeDays';
  if (!phone && view === 'threeDays') return 'week';
  return view;
}

/** The Calendar tab: the month / week (3 days on phones) / day view beside the selected day, upcoming events and statistics. */
export function CalendarTab({
  view: chosenView,
  onViewChange,
  selectedKey,
  onSelect,
  timezone,
  onOpenEvent,
}: CalendarTabProps) {
  const { token } = theme.useToken();
  const t = useT();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const view = viewForScreen(chosenView, phone);
  // What the view shows, repeating events as their occurrences; Upcoming Events looks a year ahead.
  const range = useMemo(() => viewRange(selectedKey, view, timezone), [selectedKey, view, timezone]);
  const eventsQuery = useEvents(range);
  const upcomingQuery = useEvents(useUpcomingEventRange());

  const events = useMemo(() => sortByStart(eventsQuery.data ?? []), [eventsQuery.data]);
  // Events by the day they start on, in the profile timezone.
  const eventsByDay = useMemo(() => eventsByStartDay(events, timezone), [events, timezone]);

  const days = viewDays(selectedKey, view);
  // "No events in this view" only when none of the shown days has one (the month grid shows the
  // neighbouring months' days in its first and last weeks).
  const inView = shownDays(selectedKey, view).some((key) => eventsByDay.has(key));
  const common = { timezone, onOpenEvent };

  let body;
  if (eventsQuery.isPending) {
    body = (
      <Flex justify="center" role="status" style={{ padding: token.paddingXL }}>
        <Spin description={t('calendar.loading')} />
      </Flex>
    );
  } else if (view === 'month') {
    body = (
      <MonthView
        selectedKey={selectedKey}
        eventsByDay={eventsByDay}
        onSelectDay={onSelect}
        onOpenEvent={onOpenEvent}
        timezone={timezone}
      />
    );
  } else {
    // Week and day views: the grid with the tasks waiting for a time, to drag onto it.
    body = (
      <TimeBlockingGrid
        days={days}
        selectedKey={selectedKey}
        events={events}
        upcoming={upcomingQuery.data ?? []}
        phone={phone}
        onSelectDay={onSelect}
        {...common}
      />
    );
  }

  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} xxl={17}>
        <Card styles={{ body: { padding: token.paddingMD } }}>
          <Flex vertical gap={token.marginMD}>
            <CalendarToolbar
              view={view}
              views={phone ? PHONE_VIEWS : DESKTOP_VIEWS}
              selectedKey={selectedKey}
              timezone={timezone}
              onViewChange={onViewChange}
              onStep={(direction) => onSelect(shiftKey(selectedKey, view, direction))}
              onToday={() => onSelect(todayKey(timezone))}
              onPick={onSelect}
            />
            {eventsQuery.isError ? (
              <Alert
                type="error"
                showIcon
                title={t('calendar.loadFailed')}
                description={errorDetail(eventsQuery.error)}
                action={
                  <Button size="small" onClick={() => void eventsQuery.refetch()} loading={eventsQuery.isFetching}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : null}
            {body}
            {eventsQuery.isSuccess && !inView ? (
              <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
                {t('calendar.noEventsInView', { view })}
              </Typography.Text>
            ) : null}
          </Flex>
        </Card>
      </Col>
      {/* Beside the calendar on wide screens; below it, three across, otherwise. */}
      <Col xs={24} xxl={7}>
        <Row gutter={[token.marginMD, token.marginMD]} align="stretch">
          <Col xs={24} md={8} xxl={24}>
            <SelectedDateCard
              dayKey={selectedKey}
              events={eventsByDay.get(selectedKey) ?? []}
              loading={eventsQuery.isPending}
              {...common}
            />
          </Col>
          <Col xs={24} md={8} xxl={24}>
            <UpcomingEventsCard events={upcomingQuery.data ?? []} loading={upcomingQuery.isPending} {...common} />
          </Col>
          <Col xs={24} md={8} xxl={24}>
            <EventStatisticsCard events={events} loading={eventsQuery.isPending} view={view} />
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
