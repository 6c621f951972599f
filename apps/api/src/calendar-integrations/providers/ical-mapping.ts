import { recurrenceProblem } from '@aide/contracts';
import type ICAL from 'ical.js';
import type {
  OutgoingEvent,
  OutgoingFields,
  RemoteEvent,
  RemoteEventFields,
  RemoteOverride,
} from './calendar-provider-client';
import { ruleForExport } from './recurrence-rules';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { instantToWallTime, toIanaZone, wallTimeToInstant } from './timezones';

/**
 * ical.js, required on first use rather than when the API starts (about 1 MB of heap): many API
 * processes never read or write an iCalendar object.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
export const icalJs = () => require('ical.js') as typeof ICAL;

const PRODID = '-//Aide//Calendar sync//EN';

/** The UID Aide gives an exported event; also its CalDAV file name (plus .ics). */
export const exportUid = (localId: number, salt: string) => `aide-${localId}-${salt}`;

/** Time zones the object defines (VTIMEZONE), for TZIDs that name no IANA zone. */
type ZoneDefinitions = Map<string, ICAL.Timezone>;

function zoneDefinitions(calendar: ICAL.Component): ZoneDefinitions {
  const zones: ZoneDefinitions = new Map();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new (icalJs().Timezone)(component);
    if (zone.tzid) zones.set(zone.tzid, zone);
  }
  return zones;
}

/**
 * An iCalendar date or date-time as an ISO instant. A TZID naming an IANA (or Windows) zone is read
 * with the IANA rules (DST-correct whatever VTIMEZONE came with it); another TZID through the
 * object's VTIMEZONE; UTC as is; floating time and all-day dates as UTC (Aide keeps all-day events
 * from midnight to midnight UTC).
 */
function instantOf(time: ICAL.Time, tzid: string | null, zones: ZoneDefinitions): string {
  if (time.isDate) return new Date(Date.UTC(time.year, time.month - 1, time.day)).toISOString();
  const wall = time.toString().slice(0, 19);
  if (time.zone === icalJs().Timezone.utcTimezone || /Z$/.test(time.toString()))
    return new Date(`${wall}Z`).toISOString();
  const iana = toIanaZone(tzid);
  if (iana) return wallTimeToInstant(wall, iana);
  const defined = tzid ? zones.get(tzid) : undefined;
  if (defined) {
    const zoned = time.clone();
    zoned.zone = defined;
    return zoned.toJSDate().toISOString();
  }
  return new Date(`${wall}Z`).toISOString();
}

const tzidOf = (property: ICAL.Property | null) => {
  const value = property?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/**
 * The original starts an EXDATE (or RECURRENCE-ID) names. A DATE value on a timed series means the
 * occurrence on that day, at the series' wall-clock start time in its zone.
 */
function occurrenceStarts(
  property: ICAL.Property,
  zones: ZoneDefinitions,
  series: { zone: string; wallTime: string; allDay: boolean },
): string[] {
  return property.getValues().map((value) => {
    const time = value as ICAL.Time;
    if (time.isDate && !series.allDay) {
      const date = time.toString().slice(0, 10);
      return wallTimeToInstant(`${date}T${series.wallTime}`, series.zone);
    }
    return instantOf(time, tzidOf(property), zones);
  });
}

/** SUMMARY, DESCRIPTION, LOCATION, times and attendees of one VEVENT; `fallback` fills what an override leaves out. */
function fieldsOf(
  vevent: ICAL.Component,
  zones: ZoneDefinitions,
  fallback?: RemoteEventFields,
): RemoteEventFields | null {
  const event = new (icalJs().Event)(vevent);
  if (!event.startDate) return null;
  const startTime = instantOf(event.startDate, tzidOf(vevent.getFirstProperty('dtstart')), zones);
  let endTime: string;
  if (vevent.hasProperty('dtend') || vevent.hasProperty('duration')) {
    endTime = vevent.hasProperty('dtend')
      ? instantOf(event.endDate, tzidOf(vevent.getFirstProperty('dtend')), zones)
      : new Date(Date.parse(startTime) + event.duration.toSeconds() * 1000).toISOString();
  } else if (fallback) {
    endTime = new Date(
      Date.parse(startTime) + Date.parse(fallback.endTime) - Date.parse(fallback.startTime),
    ).toISOString();
  } else {
    // No DTEND: an all-day event lasts the day, a timed one is an instant (RFC 5545 §3.6.1).
    endTime = event.startDate.isDate ? new Date(Date.parse(startTime) + 86_400_000).toISOString() : startTime;
  }
  const attendees = vevent
    .getAllProperties('attendee')
    .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, ''))
    .filter(Boolean);
  const text = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return typeof value === 'string' ? value : null;
  };
  return {
    title: text('summary') ?? fallback?.title ?? '',
    description: vevent.hasProperty('description') ? text('description') : (fallback?.description ?? null),
    location: vevent.hasProperty('location') ? text('location') : (fallback?.location ?? null),
    startTime,
    endTime,
    attendees: attendees.length || !fallback ? attendees : fallback.attendees,
  };
}

/**
 * An iCalendar object (one CalDAV resource) as a RemoteEvent: the master VEVENT, and for a
 * repeating one its RRULE, the zone of its DTSTART's TZID, its EXDATEs and the VEVENTs with a
 * RECURRENCE-ID (moved or changed occurrences) as overrides. A rule Aide cannot repeat by (RRULE
 * parts beyond the supported ones) leaves the event as its first occurrence. Dates without a time
 * (all-day) become midnight UTC. Answers null when there is no VEVENT (a VTODO, say).
 */
export function parseVEvent(ics: string, remoteId: string, etag: string | null): RemoteEvent | null {
  const { Component, parse } = icalJs();
  const calendar = new Component(parse(ics));
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length === 0) return null;
  const zones = zoneDefinitions(calendar);
  const master = vevents.find((v) => !v.hasProperty('recurrence-id')) ?? vevents[0];
  const fields = fieldsOf(master, zones);
  if (!fields) return null;
  const modified = master.getFirstPropertyValue('last-modified') ?? master.getFirstPropertyValue('dtstamp');
  const result: RemoteEvent = {
    remoteId,
    etag,
    ...fields,
    updatedAt: modified instanceof icalJs().Time ? modified.toJSDate().toISOString() : null,
    recurrence: null,
  };
  const rrule = master.getFirstProperty('rrule');
  const rule = rrule ? String(rrule.getFirstValue()) : null;
  if (!rrule || !rule || recurrenceProblem(rule)) return result;

  const start = new (icalJs().Event)(master).startDate;
  const allDay = start.isDate;
  const zone = (!allDay && toIanaZone(tzidOf(master.getFirstProperty('dtstart')))) || 'UTC';
  const series = { zone, wallTime: instantToWallTime(fields.startTime, zone).slice(11), allDay };
  const exceptions = master.getAllProperties('exdate').flatMap((p) => occurrenceStarts(p, zones, series));
  const uid = master.getFirstPropertyValue('uid');
  const overrides: RemoteOverride[] = [];
  for (const vevent of vevents) {
    const recurrenceId = vevent.getFirstProperty('recurrence-id');
    if (!recurrenceId || vevent.getFirstPropertyValue('uid') !== uid) continue;
    const [originalStartTime] = occurrenceStarts(recurrenceId, zones, series);
    // A cancelled occurrence some clients write as an override instead of an EXDATE.
    if (String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') {
      exceptions.push(originalStartTime);
      continue;
    }
    const changed = fieldsOf(vevent, zones, fields);
    if (changed) overrides.push({ ...changed, originalStartTime });
  }
  result.recurrence = {
    rule: rule.replace(/^RRULE:/i, ''),
    timezone: zone,
    exceptions: [...new Set(exceptions)].sort(),
    overrides: overrides.sort((a, b) => a.originalStartTime.localeCompare(b.originalStartTime)),
  };
  return result;
}

const utc = (instant: string) => icalJs().Time.fromJSDate(new Date(instant), true);

/**
 * The VTIMEZONE for an IANA zone from timezones-ical-library (tzurl.org's definitions), or null for
 * one it lacks: the TZID is then still an IANA name, which Radicale and the common clients resolve.
 */
export function vtimezoneBlock(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/** A date-time property in the series' zone (DTSTART;TZID=Europe/Berlin:20260302T090000), or UTC for a UTC series. */
function addZonedTime(component: ICAL.Component, name: string, instant: string, zone: string): void {
  if (zone === 'UTC') {
    component.addPropertyWithValue(name, utc(instant));
    return;
  }
  const property = component.addPropertyWithValue(
    name,
    icalJs().Time.fromDateTimeString(instantToWallTime(instant, zone)),
  );
  property.setParameter('tzid', zone);
}

function addFields(vevent: ICAL.Component, fields: OutgoingFields, zone: string, stamp: ICAL.Time): void {
  vevent.addPropertyWithValue('dtstamp', stamp);
  vevent.addPropertyWithValue('last-modified', stamp);
  addZonedTime(vevent, 'dtstart', fields.startTime, zone);
  addZonedTime(vevent, 'dtend', fields.endTime, zone);
  vevent.addPropertyWithValue('summary', fields.title);
  if (fields.description) vevent.addPropertyWithValue('description', fields.description);
  if (fields.location) vevent.addPropertyWithValue('location', fields.location);
}

/**
 * A VCALENDAR for a local event. A single event is written in UTC. A series is written in its
 * zone (DTSTART;TZID=Europe/Berlin plus a VTIMEZONE, the standard form every client reads, and the
 * one that keeps 09:00 at 09:00 across DST for clients that expand it), with its RRULE (a date-only
 * UNTIL written as the end of that day in UTC, as RFC 5545 requires for a zoned DTSTART), one
 * EXDATE per removed occurrence and one VEVENT with a RECURRENCE-ID per moved occurrence.
 */
export function buildVCalendar(event: OutgoingEvent, uid: string): string {
  const { Component, Recur, Time, parse } = icalJs();
  const calendar = new Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  const now = Time.fromJSDate(new Date(), true);
  const recurrence = event.recurrence;
  const zone = recurrence ? (toIanaZone(recurrence.timezone) ?? 'UTC') : 'UTC';
  const vtimezone = zone === 'UTC' ? null : vtimezoneBlock(zone);
  if (vtimezone) calendar.addSubcomponent(new Component(parse(vtimezone)));
  const vevent = new Component('vevent');
  vevent.addPropertyWithValue('uid', uid);
  addFields(vevent, event, zone, now);
  if (recurrence) {
    vevent.addPropertyWithValue('rrule', Recur.fromString(ruleForExport(recurrence.rule, zone)));
    for (const exception of recurrence.exceptions) addZonedTime(vevent, 'exdate', exception, zone);
  }
  calendar.addSubcomponent(vevent);
  for (const override of recurrence?.overrides ?? []) {
    const component = new Component('vevent');
    component.addPropertyWithValue('uid', uid);
    addZonedTime(component, 'recurrence-id', override.originalStartTime, zone);
    addFields(component, override, zone, now);
    calendar.addSubcomponent(component);
  }
  return calendar.toString();
}
