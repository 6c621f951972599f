import { useState } from 'react';
import { Input, Typography } from 'antd';
import {
  TRAVEL_DEFAULTS,
  TRAVEL_LIMITS,
  tripDates,
  type TravelPlan,
  type UpdateItineraryPayload,
} from '@aide/contracts';
import { rowId } from './editorModel';
import { AddRowButton, EditorGroup, EditorModal, RemoveRowButton } from './EditorModal';
import { editorDays, itineraryPayload, shortDate, type EditorActivity } from './travelView';

export const ITINERARY_EDITOR_TEXT = {
  title: 'Edit Daily Itinerary',
  addActivity: 'Add Activity',
  time: 'Time',
  activity: 'Activity',
  location: 'Location',
  activityPlaceholder: 'What are you doing?',
  locationPlaceholder: 'Where (optional)',
  noActivities: 'No activities yet',
  hint: 'Activities left blank are not saved. A time left empty shows as ‘All day’.',
  field: (field: string, day: string, index: number) => `${field}, ${day} activity ${index + 1}`,
  remove: (day: string, index: number) => `Remove ${day} activity ${index + 1}`,
} as const;

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
      title={ITINERARY_EDITOR_TEXT.title}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{ITINERARY_EDITOR_TEXT.hint}</Typography.Paragraph>
      {days.map((day, dayIndex) => (
        <EditorGroup key={`${day.day}-${dayIndex}`} title={day.date ? `${day.day} · ${shortDate(day.date)}` : day.day}>
          {day.activities.length ? (
            <ul className="aide-travel-editor-rows">
              {day.activities.map((row, index) => (
                <li key={row.id} className="aide-travel-editor-row aide-travel-activity-row">
                  <Input
                    className="aide-travel-time-input"
                    aria-label={ITINERARY_EDITOR_TEXT.field(ITINERARY_EDITOR_TEXT.time, day.day, index)}
                    placeholder={TRAVEL_DEFAULTS.activityTimeLabel}
                    value={row.time}
                    maxLength={20}
                    onChange={(event) => setField(dayIndex, row.id, 'time', event.target.value)}
                  />
                  <Input
                    aria-label={ITINERARY_EDITOR_TEXT.field(ITINERARY_EDITOR_TEXT.activity, day.day, index)}
                    placeholder={ITINERARY_EDITOR_TEXT.activityPlaceholder}
                    value={row.activity}
                    maxLength={TRAVEL_LIMITS.textMax}
                    onChange={(event) => setField(dayIndex, row.id, 'activity', event.target.value)}
                  />
                  <Input
                    aria-label={ITINERARY_EDITOR_TEXT.field(ITINERARY_EDITOR_TEXT.location, day.day, index)}
                    placeholder={ITINERARY_EDITOR_TEXT.locationPlaceholder}
                    value={row.location}
                    maxLength={TRAVEL_LIMITS.nameMax}
                    onChange={(event) => setField(dayIndex, row.id, 'location', event.target.value)}
                  />
                  <RemoveRowButton
                    label={ITINERARY_EDITOR_TEXT.remove(day.day, index)}
                    onClick={() => changeDay(dayIndex, (rows) => rows.filter((r) => r.id !== row.id))}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary" className="aide-travel-editor-empty">
              {ITINERARY_EDITOR_TEXT.noActivities}
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
            {ITINERARY_EDITOR_TEXT.addActivity}
          </AddRowButton>
        </EditorGroup>
      ))}
    </EditorModal>
  );
}
