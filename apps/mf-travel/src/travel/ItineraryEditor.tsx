import { useState } from 'react';
import { Input, Typography } from 'antd';
import {
  TRAVEL_DEFAULTS,
  TRAVEL_LIMITS,
  tripDates,
  type TravelPlan,
  type UpdateItineraryPayload,
} from '@aide/contracts';
import { useT } from '../i18n';
import { rowId } from './editorModel';
import { AddRowButton, EditorGroup, EditorModal, RemoveRowButton } from './EditorModal';
import { editorDays, itineraryPayload, shortDate, type EditorActivity } from './travelView';

type Row = EditorActivity & { id: string };
interface DraftDay {
  day: string;
  date?: string;
  activities: Row[];
}

const draftOf = (plan: TravelPlan): DraftDay[] =>
  editorDays(plan.itinerary, { dates: tripDates(plan.startDate, plan.endDate) }).map((day) => ({
    ...day,
    activities: day.activities.map((activity) => ({ ...activity, id: rowId() })),
  }));

export interface ItineraryEditorProps {
  open: boolean;
  plan: TravelPlan | null;
  saving: boolean;
  onClose: () => void;
  onSave: (payload: UpdateItineraryPayload) => Promise<boolean>;
}

/** Spec §2/§5: each day's activities (time, activity, location); a new one starts at 09:00 with no text. */
export function ItineraryEditor({ open, plan, saving, onClose, onSave }: ItineraryEditorProps) {
  const t = useT();
  const [days, setDays] = useState<DraftDay[]>([]);

  // Filled from the plan when it opens, adjusted during render; only the opening counts: a refetch
  // while editing must not wipe the user's changes.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && plan) setDays(draftOf(plan));
  }

  const changeDay = (dayIndex: number, change: (activities: Row[]) => Row[]) =>
    setDays((current) =>
      current.map((day, index) => (index === dayIndex ? { ...day, activities: change(day.activities) } : day)),
    );
  const setField = (dayIndex: number, id: string, field: keyof EditorActivity, value: string) =>
    changeDay(dayIndex, (activities) => activities.map((row) => (row.id === id ? { ...row, [field]: value } : row)));

  const save = async () => {
    if (!plan || saving) return;
    const payload = itineraryPayload(
      days.map(({ activities, ...day }) => ({
        ...day,
        activities: activities.map(({ id: _id, ...activity }) => activity),
      })),
      plan.itinerary?.transportation,
    );
    if (await onSave(payload)) onClose();
  };

  return (
    <EditorModal
      open={open}
      title={t('itineraryEditor.title')}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('itineraryEditor.hint')}</Typography.Paragraph>
      {days.map((day, dayIndex) => (
        <EditorGroup key={`${day.day}-${dayIndex}`} title={day.date ? `${day.day} · ${shortDate(day.date)}` : day.day}>
          {day.activities.length ? (
            <ul className="aide-travel-editor-rows">
              {day.activities.map((row, index) => (
                <li key={row.id} className="aide-travel-editor-row aide-travel-activity-row">
                  <Input
                    className="aide-travel-time-input"
                    aria-label={t('itineraryEditor.timeField', { day: day.day, n: index + 1 })}
                    placeholder={t('itinerary.allDay')}
                    value={row.time}
                    maxLength={20}
                    onChange={(event) => setField(dayIndex, row.id, 'time', event.target.value)}
                  />
                  <Input
                    aria-label={t('itineraryEditor.activityField', { day: day.day, n: index + 1 })}
                    placeholder={t('itineraryEditor.activityPlaceholder')}
                    value={row.activity}
                    maxLength={TRAVEL_LIMITS.textMax}
                    onChange={(event) => setField(dayIndex, row.id, 'activity', event.target.value)}
                  />
                  <Input
                    aria-label={t('itineraryEditor.locationField', { day: day.day, n: index + 1 })}
                    placeholder={t('itineraryEditor.locationPlaceholder')}
                    value={row.location}
                    maxLength={TRAVEL_LIMITS.nameMax}
                    onChange={(event) => setField(dayIndex, row.id, 'location', event.target.value)}
                  />
                  <RemoveRowButton
                    label={t('itineraryEditor.remove', { day: day.day, n: index + 1 })}
                    onClick={() => changeDay(dayIndex, (rows) => rows.filter((r) => r.id !== row.id))}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary" className="aide-travel-editor-empty">
              {t('itineraryEditor.noActivities')}
            </Typography.Text>
          )}
          <AddRowButton
            onClick={() =>
              changeDay(dayIndex, (rows) =>
                rows.length >= TRAVEL_LIMITS.activitiesPerDayMax
                  ? rows
                  : [...rows, { id: rowId(), time: TRAVEL_DEFAULTS.activityTime, activity: '', location: '' }],
              )
            }
          >
            {t('itineraryEditor.addActivity')}
          </AddRowButton>
        </EditorGroup>
      ))}
    </EditorModal>
  );
}
