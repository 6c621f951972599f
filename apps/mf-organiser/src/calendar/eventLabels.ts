import type { EventType } from '@aide/contracts';

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  meeting: 'Meeting',
  appointment: 'Appointment',
  reminder: 'Reminder',
};

/** antd preset colours per type, used for tags, dots and event blocks alike. */
export const EVENT_TYPE_COLORS: Record<EventType, 'blue' | 'green' | 'orange'> = {
  meeting: 'blue',
  appointment: 'green',
  reminder: 'orange',
};
