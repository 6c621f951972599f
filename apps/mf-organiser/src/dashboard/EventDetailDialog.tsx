import { Button, Descriptions, Modal, Tag } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABELS } from '../calendar/eventLabels';
import { useT } from '../i18n';
import { clockTime, durationMinutes, formatInZone, LONG_DATE } from '../shared/time';
import { MetadataList } from './MetadataList';
import { repeats } from '../calendar/EventMarks';
import { TaskBlockLink } from '../calendar/TaskBlockLink';
// Not the folder's index: that brings the repeat editor's form (a date picker, selects) into the dashboard's chunk.
import { repeatSummary } from '../shared/repeat/repeatSummary';
import { useT as useRepeatT } from '../i18n/repeat';
import { useT as useCalendarT } from '../i18n/calendar-extra';
import { inZone } from '../shared/time';

export interface EventDetailDialogProps {
  open: boolean;
  /** Kept while the dialog closes, so its content does not vanish mid-animation. */
  event: CalendarEvent | null;
  timezone: string;
  onClose: () => void;
}

/** One of today's events in full: the duration in minutes (spec), attendees and metadata. */
export function EventDetailDialog({ open, event, timezone, onClose }: EventDetailDialogProps) {
  const t = useT();
  const tr = useRepeatT();
  const tc = useCalendarT();
  const items = event
    ? [
        {
          key: 'type',
          label: t('dashboard.event.type'),
          children: <Tag color={EVENT_TYPE_COLORS[event.type]}>{EVENT_TYPE_LABELS[event.type]}</Tag>,
        },
        { key: 'date', label: t('dashboard.event.date'), children: formatInZone(event.startTime, timezone, LONG_DATE) },
        {
          key: 'time',
          label: t('dashboard.event.time'),
          children: t('calendar.event.timeRange', {
            start: clockTime(event.startTime, timezone),
            end: clockTime(event.endTime, timezone),
          }),
        },
        {
          key: 'duration',
          label: t('dashboard.event.duration'),
          children: t('dashboard.event.minutes', { count: durationMinutes(event.startTime, event.endTime) }),
        },
        ...(event && repeats(event) && event.recurrence
          ? [
              {
                key: 'repeat',
                label: tc('detail.repeat'),
                children: repeatSummary(event.recurrence, inZone(event.startTime, event.timezone ?? timezone), tr),
              },
            ]
          : []),
        ...(event.location
          ? [{ key: 'location', label: t('dashboard.event.location'), children: event.location }]
          : []),
        ...(event.attendees.length > 0
          ? [{ key: 'attendees', label: t('dashboard.event.attendees'), children: event.attendees.join(', ') }]
          : []),
        ...(event.description
          ? [
              {
                key: 'description',
                label: t('dashboard.event.description'),
                children: <span style={{ whiteSpace: 'pre-line' }}>{event.description}</span>,
              },
            ]
          : []),
        ...(event.metadata && Object.keys(event.metadata).length > 0
          ? [
              {
                key: 'metadata',
                label: t('dashboard.event.details'),
                children: <MetadataList metadata={event.metadata} />,
              },
            ]
          : []),
      ]
    : [];
  return (
    <Modal
      open={open}
      title={event?.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={560}
    >
      {event?.taskId ? <TaskBlockLink event={event} onNavigate={onClose} /> : null}
      <Descriptions column={1} size="small" bordered items={items} styles={{ label: { width: 120 } }} />
    </Modal>
  );
}
