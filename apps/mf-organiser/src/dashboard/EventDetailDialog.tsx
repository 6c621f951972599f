import { Button, Descriptions, Modal, Tag } from 'antd';
import type { CalendarEvent } from '@aide/contracts';
import { EVENT_TYPE_COLORS, EVENT_TYPE_LABELS } from '../calendar/eventLabels';
import { clockTime, durationMinutes, inZone } from '../shared/time';
import { MetadataList } from './MetadataList';

export interface EventDetailDialogProps {
  open: boolean;
  /** Kept while the dialog closes, so its content does not vanish mid-animation. */
  event: CalendarEvent | null;
  timezone: string;
  onClose: () => void;
}

/** One of today's events in full: the duration in minutes (spec), attendees and metadata. */
export function EventDetailDialog({ open, event, timezone, onClose }: EventDetailDialogProps) {
  const items = event
    ? [
        {
          key: 'type',
          label: 'Type',
          children: <Tag color={EVENT_TYPE_COLORS[event.type]}>{EVENT_TYPE_LABELS[event.type]}</Tag>,
        },
        { key: 'date', label: 'Date', children: inZone(event.startTime, timezone).format('dddd, MMMM D, YYYY') },
        {
          key: 'time',
          label: 'Time',
          children: `${clockTime(event.startTime, timezone)} – ${clockTime(event.endTime, timezone)}`,
        },
        { key: 'duration', label: 'Duration', children: `${durationMinutes(event.startTime, event.endTime)} minutes` },
        ...(event.location ? [{ key: 'location', label: 'Location', children: event.location }] : []),
        ...(event.attendees.length > 0
          ? [{ key: 'attendees', label: 'Attendees', children: event.attendees.join(', ') }]
          : []),
        ...(event.description
          ? [
              {
                key: 'description',
                label: 'Description',
                children: <span style={{ whiteSpace: 'pre-line' }}>{event.description}</span>,
              },
            ]
          : []),
        ...(event.metadata && Object.keys(event.metadata).length > 0
          ? [{ key: 'metadata', label: 'Details', children: <MetadataList metadata={event.metadata} /> }]
          : []),
      ]
    : [];
  return (
    <Modal
      open={open}
      title={event?.title}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={560}
    >
      <Descriptions column={1} size="small" bordered items={items} styles={{ label: { width: 120 } }} />
    </Modal>
  );
}
