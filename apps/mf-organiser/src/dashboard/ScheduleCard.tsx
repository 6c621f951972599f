import { useState } from 'react';
import { Flex, Tag, Typography, theme } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined, ScheduleOutlined } from '@ant-design/icons';
import { DASHBOARD_LIMITS, organiserDashboardSchema, type CalendarEvent } from '@aide/contracts';
import { DashboardCard, EmptyState, useDashboardPart, PlainList } from '@aide/ui';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABELS } from '../calendar/eventLabels';
import { eventKey } from '../calendar/eventGroups';
import { doneTitleStyle, EventMarks, eventMarksText, isDoneBlock } from '../calendar/EventMarks';
import { useT } from '../i18n';
import { clockTime, durationMinutes } from '../shared/time';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { EventDetailDialog } from './EventDetailDialog';
import { hours } from './statFormat';

/** Today's Schedule: up to 3 of today's events; one opens in a detail dialog. */
export function ScheduleCard() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('organiser', organiserDashboardSchema);
  const { timezone } = useProfileTimezone();
  const [detail, setDetail] = useState<{ open: boolean; event: CalendarEvent | null }>({ open: false, event: null });
  const shown = (part.data?.todayEvents ?? []).slice(0, DASHBOARD_LIMITS.scheduleEvents);

  return (
    <DashboardCard
      title={t('widget.schedule')}
      icon={<ScheduleOutlined />}
      link={{ label: t('common.viewAll'), to: '/calendar' }}
      query={part}
    >
      {shown.length === 0 ? (
        <EmptyState description={t('dashboard.schedule.empty')} />
      ) : (
        <PlainList label={t('dashboard.schedule.list')}>
          {shown.map((event) => {
            const colour = isDoneBlock(event) ? token.colorSuccess : token[`${EVENT_TYPE_COLORS[event.type]}6`];
            return (
              <li key={eventKey(event)}>
                <button
                  type="button"
                  // Named by what it shows (time, duration, title, time range): an aria-label of the title
                  // alone would hide the visible words from speech-input users (axe label-content-name-mismatch).
                  onClick={() => setDetail({ open: true, event })}
                  aria-description={eventMarksText(event)}
                  style={{
                    display: 'flex',
                    gap: token.marginMD,
                    alignItems: 'center',
                    width: '100%',
                    padding: token.paddingSM,
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderInlineStart: `4px solid ${colour}`,
                    borderRadius: token.borderRadiusLG,
                    background: token.colorBgContainer,
                    color: token.colorText,
                    font: 'inherit',
                    textAlign: 'start',
                    cursor: 'pointer',
                  }}
                >
                  <Flex vertical align="center" style={{ flex: 'none', width: 52 }}>
                    <Typography.Text strong>{clockTime(event.startTime, timezone)}</Typography.Text>
                    {/* Spec: duration in hours on the card. */}
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {hours(durationMinutes(event.startTime, event.endTime))}
                    </Typography.Text>
                  </Flex>
                  <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                    <Typography.Text strong ellipsis style={doneTitleStyle(event)}>
                      <EventMarks event={event} />
                      {event.title}
                    </Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
                      <ClockCircleOutlined />{' '}
                      {t('calendar.event.timeRange', {
                        start: clockTime(event.startTime, timezone),
                        end: clockTime(event.endTime, timezone),
                      })}
                      {event.location ? (
                        <>
                          {'  ·  '}
                          <EnvironmentOutlined /> {event.location}
                        </>
                      ) : null}
                    </Typography.Text>
                  </Flex>
                  <Tag color={EVENT_TYPE_COLORS[event.type]} style={{ marginInlineEnd: 0, flex: 'none' }}>
                    {EVENT_TYPE_LABELS[event.type]}
                  </Tag>
                </button>
              </li>
            );
          })}
        </PlainList>
      )}
      <EventDetailDialog
        open={detail.open}
        event={detail.event}
        timezone={timezone}
        onClose={() => setDetail((d) => ({ ...d, open: false }))}
      />
    </DashboardCard>
  );
}
