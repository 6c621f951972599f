import type { InvitationAttendee, InvitationPerson, InvitationResponse } from '@aide/contracts';
import type ICAL from 'ical.js';
import { icalJs, parseVEvent } from '../calendar-integrations/providers/ical-mapping';
import { toIanaZone } from '../calendar-integrations/providers/timezones';

/** One iTIP message (RFC 5546) about one meeting, as read from a text/calendar part. */
export interface ParsedInvitation {
  method: 'request' | 'cancel';
  uid: string;
  sequence: number;
  summary: string;
  organizer: InvitationPerson;
  startTime: string;
  endTime: string;
  allDay: boolean;
  timezone: string | null;
  recurrence: string | null;
  location: string | null;
  description: string | null;
  attendees: InvitationAttendee[];
}

const PARTSTATS: Record<string, InvitationResponse> = {
  'NEEDS-ACTION': 'needs-action',
  ACCEPTED: 'accepted',
  TENTATIVE: 'tentative',
  DECLINED: 'declined',
};

const TEXT_MAX = 10_000;
const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/** 'mailto:Ann@Example.com' → 'ann@example.com'. */
export const addressOf = (value: unknown) =>
  String(value ?? '')
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();

function person(property: ICAL.Property): InvitationPerson {
  const name = property.getParameter('cn');
  return {
    name: typeof name === 'string' && name.trim() ? name.trim() : null,
    email: addressOf(property.getFirstValue()),
  };
}

/**
 * Reads an iMIP calendar part: METHOD REQUEST (an invitation or its update) or CANCEL, the master
 * VEVENT's UID, SEQUENCE, ORGANIZER and ATTENDEEs with their PARTSTAT; the times, TZID, all-day and
 * RRULE through the calendar sync's reading of a VEVENT (parseVEvent), so both agree. Anything else
 * (a REPLY, a PUBLISH, a VTODO, text that is not iCalendar) answers null: no invitation, no error.
 */
export function parseInvitation(ics: string): ParsedInvitation | null {
  try {
    return readInvitation(ics);
  } catch {
    // ical.js throws on broken text (and on some odd but parseable input, reading it): not an invitation.
    return null;
  }
}

function readInvitation(ics: string): ParsedInvitation | null {
  const { Component, parse } = icalJs();
  const calendar = new Component(parse(ics));
  const method = String(calendar.getFirstPropertyValue('method') ?? '').toUpperCase();
  if (method !== 'REQUEST' && method !== 'CANCEL') return null;
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => !v.hasProperty('recurrence-id')) ?? vevents[0];
  if (!master) return null;
  const uid = master.getFirstPropertyValue('uid');
  const organizerProperty = master.getFirstProperty('organizer');
  if (typeof uid !== 'string' || !uid.trim() || !organizerProperty) return null;
  const fields = parseVEvent(ics, uid, null);
  if (!fields || Number.isNaN(Date.parse(fields.startTime)) || Number.isNaN(Date.parse(fields.endTime))) return null;
  const organizer = person(organizerProperty);
  if (!organizer.email.includes('@')) return null;
  const start = master.getFirstProperty('dtstart');
  const allDay = (master.getFirstPropertyValue('dtstart') as ICAL.Time | null)?.isDate ?? false;
  const tzid = start?.getParameter('tzid');
  const sequence = Number(master.getFirstPropertyValue('sequence') ?? 0);
  return {
    method: method === 'REQUEST' ? 'request' : 'cancel',
    uid: uid.trim().slice(0, 500),
    sequence: Number.isInteger(sequence) && sequence >= 0 ? sequence : 0,
    summary: (fields.title || '').slice(0, 500),
    organizer,
    startTime: fields.startTime,
    endTime: Date.parse(fields.endTime) < Date.parse(fields.startTime) ? fields.startTime : fields.endTime,
    allDay,
    timezone: allDay ? null : (fields.recurrence?.timezone ?? toIanaZone(typeof tzid === 'string' ? tzid : null)),
    recurrence: fields.recurrence?.rule ?? null,
    location: clip(fields.location, 500),
    description: clip(fields.description, TEXT_MAX),
    attendees: master
      .getAllProperties('attendee')
      .slice(0, 200)
      .map((property) => ({
        ...person(property),
        response:
          PARTSTATS[String(property.getParameter('partstat') ?? 'NEEDS-ACTION').toUpperCase()] ?? 'needs-action',
      }))
      .filter((attendee) => attendee.email.includes('@')),
  };
}
