import type { EventType } from '@aide/contracts';
import { labels } from '../i18n';

/** The type's name in the language shown now. */
export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = labels({
  meeting: 'calendar.event.type.meeting',
  appointment: 'calendar.event.type.appointment',
  reminder: 'calendar.event.type.reminder',
});

/** antd preset colours per type, used for tags, dots and event blocks alike. */
export const EVENT_TYPE_COLORS: Record<EventType, 'blue' | 'green' | 'orange'> = {
  meeting: 'blue',
  appointment: 'green',
  reminder: 'orange',
};
