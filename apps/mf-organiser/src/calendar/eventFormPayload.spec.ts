import { eventFormSchema, type EventFormValues } from '@aide/contracts';
import { testEvent } from '../shared/testEvents';
import { dayjs } from '../shared/time';
import { createPayload, newEventTimes, scopeQuery, toFormValues, updatePayload } from './eventFormPayload';

const TZ = 'Europe/Berlin';
const form = (over: Partial<EventFormValues> = {}) =>
  eventFormSchema.parse({
    title: 'Standup',
    description: '',
    type: 'meeting',
    location: '',
    startTime: '2026-11-26T09:00',
    endTime: '2026-11-26T09:15',
    ...over,
  });

// Occurrence of series 7 on Thursday 3 December, 09:00 Berlin.
const occurrence = testEvent(7, {
  title: 'Standup',
  startTime: '2026-12-03T08:00:00.000Z',
  endTime: '2026-12-03T08:15:00.000Z',
  recurrence: 'FREQ=WEEKLY',
  timezone: TZ,
  recurringEventId: 7,
  occurrenceStart: '2026-12-03T08:00:00.000Z',
});

describe('the event form schema', () => {
  it('takes a repeat rule or nothing, and reminders or the default', () => {
    expect(form()).toMatchObject({ recurrence: '', reminders: null });
    expect(form({ recurrence: 'freq=weekly;byday=mo', reminders: [] })).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      reminders: [],
    });
    expect(eventFormSchema.safeParse({ ...form(), recurrence: 'FREQ=HOURLY' }).error?.issues[0].message).toBe(
      'Repeat frequency must be daily, weekly, monthly or yearly',
    );
  });
});

describe('createPayload', () => {
  it('sends a single event as before: UTC instants, no rule, no reminder (the profile default)', () => {
    expect(createPayload(form(), TZ)).toEqual({
      title: 'Standup',
      description: '',
      type: 'meeting',
      location: '',
      startTime: '2026-11-26T08:00:00.000Z',
      endTime: '2026-11-26T08:15:00.000Z',
    });
  });

  it('sends a repeating event with the profile timezone it repeats in, and a chosen reminder', () => {
    expect(createPayload(form({ recurrence: 'FREQ=WEEKLY', reminders: [30] }), TZ)).toMatchObject({
      recurrence: 'FREQ=WEEKLY',
      timezone: TZ,
      reminders: [30],
    });
    expect(createPayload(form({ reminders: [] }), TZ)).toMatchObject({ reminders: [] });
  });
});

describe('updatePayload', () => {
  it('sends a single event whole, with its id (spec §7), and a new rule with the profile timezone', () => {
    const single = testEvent(3, { startTime: '2026-11-26T08:00:00.000Z', endTime: '2026-11-26T08:15:00.000Z' });
    expect(updatePayload(form({ recurrence: 'FREQ=DAILY;COUNT=5' }), single, TZ)).toEqual({
      title: 'Standup',
      description: '',
      type: 'meeting',
      location: '',
      startTime: '2026-11-26T08:00:00.000Z',
      endTime: '2026-11-26T08:15:00.000Z',
      recurrence: 'FREQ=DAILY;COUNT=5',
      timezone: TZ,
      reminders: null,
      id: 3,
    });
  });

  it('sends only what changed for an occurrence, so "All events" does not move the series to it', () => {
    const values = { ...form(toFormValues(occurrence, '2026-12-03', TZ)), title: 'Daily sync' };
    expect(updatePayload(values, occurrence, TZ, 'all')).toEqual({ title: 'Daily sync' });
  });

  it('moves one occurrence by its times, and never sends a rule for "This event"', () => {
    const values = form({
      ...toFormValues(occurrence, '2026-12-03', TZ),
      startTime: '2026-12-03T10:00',
      endTime: '2026-12-03T10:15',
    });
    expect(updatePayload(values, occurrence, TZ, 'this')).toEqual({
      startTime: '2026-12-03T09:00:00.000Z',
      endTime: '2026-12-03T09:15:00.000Z',
    });
    const newRule = form({ ...toFormValues(occurrence, '2026-12-03', TZ), recurrence: 'FREQ=WEEKLY;INTERVAL=2' });
    expect(updatePayload(newRule, occurrence, TZ, 'this')).toEqual({});
    expect(updatePayload(newRule, occurrence, TZ, 'following')).toEqual({ recurrence: 'FREQ=WEEKLY;INTERVAL=2' });
    const noRule = form({ ...toFormValues(occurrence, '2026-12-03', TZ), recurrence: '' });
    expect(updatePayload(noRule, occurrence, TZ, 'all')).toEqual({ recurrence: null });
  });

  it('names the occurrence by its original start', () => {
    const moved = { ...occurrence, id: 12, startTime: '2026-12-03T10:00:00.000Z' };
    expect(scopeQuery(moved, 'this')).toEqual({ scope: 'this', occurrence: '2026-12-03T08:00:00.000Z' });
  });
});

describe('newEventTimes', () => {
  it('starts at the next whole hour today and at 09:00 on another day, in the profile timezone', () => {
    const now = dayjs('2026-11-26T13:20:00Z');
    expect(newEventTimes('2026-11-26', TZ, now)).toEqual({
      startTime: '2026-11-26T15:00',
      endTime: '2026-11-26T16:00',
    });
    expect(newEventTimes('2026-11-30', TZ, now)).toEqual({
      startTime: '2026-11-30T09:00',
      endTime: '2026-11-30T10:00',
    });
  });
});
