// Meeting invitations end to end: a real iMIP REQUEST (ical-generator) delivered by Dovecot into the
// user's INBOX, synced, answered in the app; the REPLY is read from the organiser's mailbox over IMAP,
// the meeting reaches Radicale through a CalDAV integration, and an update and a CANCEL follow it.
import type {
  CalendarEvent,
  CalendarIntegration,
  EmailInvitation,
  Invitation,
  RespondedInvitation,
} from '@aide/contracts';
import { ICalAttendeeStatus, ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import ICAL from 'ical.js';
import MailComposer from 'nodemailer/lib/mail-composer';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { newMessageId } from '../../test/fixtures/mail/incoming';
import { connectMailbox } from '../../test/mail-accounts';
import { type MailServers, startMailServers } from '../../test/mail-servers';
import { type Radicale, startRadicale } from '../../test/radicale';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { connectCalDav } from '../calendar-integrations/providers/caldav.client';
import { EmailSyncService } from '../email/sync/email-sync.service';
import { OutboundPolicy } from '../outbound/outbound-policy';

jest.setTimeout(60_000);

const CALDAV_USER = 'ada';
const CALDAV_PASSWORD = 'radicale-secret-pw';
let t: TestApp;
let db: DataSource;
let mail: MailServers;
let radicale: Radicale;

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'ada-secret' },
      { name: 'olga', password: 'olga-secret' },
      { name: 'bob', password: 'bob-secret' },
    ],
  });
  radicale = await startRadicale({ [CALDAV_USER]: CALDAV_PASSWORD });
  await radicale.createCalendar(CALDAV_USER, CALDAV_PASSWORD, 'work', 'Work');
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
  db = t.app.get(DataSource);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await radicale?.stop();
  await mail?.stop();
});

interface Meeting {
  uid: string;
  sequence: number;
  summary: string;
  start: Date;
  end: Date;
}

/** An iMIP message from olga to ada, as a calendar client sends it (text/calendar alternative with METHOD). */
async function invitationMail(method: 'REQUEST' | 'CANCEL', meeting: Meeting, subject: string): Promise<Buffer> {
  const calendar = new ICalCalendar({ prodId: '//Test//Organiser//EN', method: ICalCalendarMethod[method] });
  calendar.createEvent({
    id: meeting.uid,
    sequence: meeting.sequence,
    start: meeting.start,
    end: meeting.end,
    summary: meeting.summary,
    location: 'Room 4',
    organizer: { name: 'Olga Organiser', email: mail.address('olga') },
    attendees: [{ name: 'Ada', email: mail.address('ada'), status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }],
  });
  return new MailComposer({
    from: `Olga Organiser <${mail.address('olga')}>`,
    to: `Ada <${mail.address('ada')}>`,
    subject,
    messageId: newMessageId(),
    text: `${subject}\n`,
    icalEvent: { method, content: calendar.toString() },
  })
    .compile()
    .build();
}

async function emailIdBySubject(userId: number, subject: string): Promise<number> {
  return waitFor(
    async () => {
      const rows: Array<{ id: number }> = await db.query(
        `SELECT id FROM emails WHERE "userId" = $1 AND subject = $2 AND mailbox = 'INBOX'`,
        [userId, subject],
      );
      return rows[0]?.id;
    },
    { what: `the message "${subject}"` },
  );
}

async function connectCalendar(agent: Agent): Promise<CalendarIntegration> {
  const created = (
    await agent
      .post('/api/calendar-integrations/caldav')
      .send({
        provider: 'caldav',
        serverUrl: radicale.url,
        username: CALDAV_USER,
        password: CALDAV_PASSWORD,
        calendarName: 'work',
        syncDirection: 'two_way',
      })
      .expect(201)
  ).body as CalendarIntegration;
  await waitFor(
    async () =>
      ((await agent.get('/api/calendar-integrations')).body as CalendarIntegration[]).find((i) => i.id === created.id)
        ?.lastSyncAt,
    { timeoutMs: 20_000, what: 'the first calendar sync' },
  );
  return created;
}

/** What Radicale's Work calendar holds: each object's SUMMARY and DTSTART (as UTC). */
async function remoteEvents(): Promise<Array<{ summary: string; start: string }>> {
  const { client, calendars } = await connectCalDav(
    new OutboundPolicy(LOOPBACK_SERVERS_ENV.OUTBOUND_ALLOW_PRIVATE_NETWORKS),
    radicale.url,
    { username: CALDAV_USER, password: CALDAV_PASSWORD },
  );
  const work = calendars.find((c) => c.url.endsWith('/work/'))!;
  return (await client.fetchCalendarObjects({ calendar: work })).map((object) => {
    const vevent = new ICAL.Component(ICAL.parse(String(object.data))).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toJSDate().toISOString() };
  });
}

/** The calendar around the test meetings (2030), as the Calendar screen asks for it. */
const calendarOf = async (agent: Agent) =>
  (
    await agent
      .get('/api/events')
      .query({ from: '2030-03-01T00:00:00.000Z', to: '2030-06-01T00:00:00.000Z' })
      .expect(200)
  ).body as CalendarEvent[];

const invitationOf = async (agent: Agent, emailId: number) =>
  ((await agent.get(`/api/emails/${emailId}/invitation`).expect(200)).body as EmailInvitation).invitation;

it('an invitation is answered in the app: the REPLY reaches the organiser, the meeting the calendar and Radicale; an update moves it, a CANCEL removes it', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  await agent.patch('/api/profile').send({ timezone: 'Europe/Berlin' });
  // A weekly standup at 10:00 UTC overlaps the invitation's first hour: a conflict.
  await agent
    .post('/api/events')
    .send({
      title: 'Weekly standup',
      startTime: '2030-03-04T10:00:00.000Z',
      endTime: '2030-03-04T10:30:00.000Z',
      recurrence: 'FREQ=WEEKLY',
      timezone: 'UTC',
    })
    .expect(201);
  const integration = await connectCalendar(agent);

  const meeting: Meeting = {
    uid: `planning-${Date.now()}@example.test`,
    sequence: 0,
    summary: 'Quarterly planning',
    start: new Date('2030-03-11T09:30:00.000Z'),
    end: new Date('2030-03-11T11:00:00.000Z'),
  };
  await mail.deliver('ada', await invitationMail('REQUEST', meeting, 'Invitation: Quarterly planning'));
  const account = await connectMailbox(agent, mail, 'ada', 'ada-secret');
  const emailId = await emailIdBySubject(user.id, 'Invitation: Quarterly planning');

  const shown = (await invitationOf(agent, emailId))!;
  expect(shown).toMatchObject({
    emailId,
    uid: meeting.uid,
    sequence: 0,
    method: 'request',
    state: 'new',
    summary: 'Quarterly planning',
    organizer: { name: 'Olga Organiser', email: mail.address('olga') },
    startTime: '2030-03-11T09:30:00.000Z',
    endTime: '2030-03-11T11:00:00.000Z',
    allDay: false,
    location: 'Room 4',
    response: 'needs-action',
    eventId: null,
  });
  // The standup's occurrence of that Monday, expanded from its weekly rule.
  expect(shown.conflicts).toEqual([
    expect.objectContaining({ title: 'Weekly standup', startTime: '2030-03-11T10:00:00.000Z' }),
  ]);

  const accepted = (await agent.post(`/api/invitations/${shown.id}/respond`).send({ response: 'accepted' }).expect(200))
    .body as Invitation;
  expect(accepted).toMatchObject({ response: 'accepted', eventId: expect.any(Number) });

  // The organiser's mailbox receives the iMIP REPLY.
  const reply = await waitFor(
    async () =>
      (await mail.fetchAll('olga')).find((m) =>
        m.parsed.attachments.some((a) => /text\/calendar/i.test(a.contentType)),
      ),
    { what: 'the REPLY in olga’s INBOX' },
  );
  expect(reply.parsed.subject).toBe('Accepted: Quarterly planning');
  const replyIcs = reply.parsed.attachments.find((a) => /text\/calendar/i.test(a.contentType))!.content.toString();
  const replyCalendar = new ICAL.Component(ICAL.parse(replyIcs));
  expect(replyCalendar.getFirstPropertyValue('method')).toBe('REPLY');
  const replyEvent = replyCalendar.getFirstSubcomponent('vevent')!;
  expect(replyEvent.getFirstPropertyValue('uid')).toBe(meeting.uid);
  expect(replyEvent.getFirstPropertyValue('sequence')).toBe(0);
  expect(replyEvent.hasProperty('dtstamp')).toBe(true);
  const attendee = replyEvent.getFirstProperty('attendee')!;
  expect(attendee.getParameter('partstat')).toBe('ACCEPTED');
  expect(String(attendee.getFirstValue()).toLowerCase()).toBe(`mailto:${mail.address('ada')}`);

  // The meeting is in the calendar, knows its invitation, and reaches Radicale.
  const calendarEvent = (await calendarOf(agent)).find((e) => e.id === accepted.eventId);
  expect(calendarEvent).toMatchObject({
    title: 'Quarterly planning',
    startTime: '2030-03-11T09:30:00.000Z',
    location: 'Room 4',
    sourceEmailId: emailId,
    metadata: expect.objectContaining({ invitationUid: meeting.uid }),
  });
  await waitFor(
    async () =>
      (await remoteEvents()).some((e) => e.summary === 'Quarterly planning' && e.start === '2030-03-11T09:30:00.000Z'),
    { timeoutMs: 20_000, what: 'the meeting in Radicale' },
  );

  // An update (SEQUENCE 1, an hour later) moves the event; the answer stays.
  await mail.deliver(
    'ada',
    await invitationMail(
      'REQUEST',
      { ...meeting, sequence: 1, start: new Date('2030-03-11T13:00:00Z'), end: new Date('2030-03-11T14:00:00Z') },
      'Updated invitation: Quarterly planning',
    ),
  );
  await t.app.get(EmailSyncService).syncNow(account.id);
  const updatedId = await emailIdBySubject(user.id, 'Updated invitation: Quarterly planning');
  expect(await invitationOf(agent, updatedId)).toMatchObject({
    state: 'updated',
    sequence: 1,
    response: 'accepted',
    eventId: accepted.eventId,
    startTime: '2030-03-11T13:00:00.000Z',
    conflicts: [],
  });
  expect((await invitationOf(agent, emailId))?.state).toBe('superseded');
  expect((await calendarOf(agent)).find((e) => e.id === accepted.eventId)).toMatchObject({
    startTime: '2030-03-11T13:00:00.000Z',
    endTime: '2030-03-11T14:00:00.000Z',
  });
  await waitFor(async () => (await remoteEvents()).some((e) => e.start === '2030-03-11T13:00:00.000Z'), {
    timeoutMs: 20_000,
    what: 'the moved meeting in Radicale',
  });
  // The first version cannot be answered any more.
  const stale = await agent.post(`/api/invitations/${shown.id}/respond`).send({ response: 'declined' });
  expect(stale.status).toBe(409);
  expect(stale.body.message).toBe('A newer version of this invitation arrived');

  // A CANCEL removes the meeting from the calendar and from Radicale.
  await mail.deliver(
    'ada',
    await invitationMail('CANCEL', { ...meeting, sequence: 2 }, 'Cancelled: Quarterly planning'),
  );
  await t.app.get(EmailSyncService).syncNow(account.id);
  const cancelId = await emailIdBySubject(user.id, 'Cancelled: Quarterly planning');
  expect(await invitationOf(agent, cancelId)).toMatchObject({ method: 'cancel', state: 'cancelled', eventId: null });
  expect((await calendarOf(agent)).map((e) => e.title)).toEqual(expect.arrayContaining(['Weekly standup']));
  expect((await calendarOf(agent)).some((e) => e.id === accepted.eventId)).toBe(false);
  await waitFor(async () => !(await remoteEvents()).some((e) => e.summary === 'Quarterly planning'), {
    timeoutMs: 20_000,
    what: 'the meeting gone from Radicale',
  });
  expect(integration.id).toBeGreaterThan(0);
});

it('declining sends a DECLINED reply and adds nothing to the calendar', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  const meeting: Meeting = {
    uid: `review-${Date.now()}@example.test`,
    sequence: 0,
    summary: 'Design review',
    start: new Date('2030-04-01T08:00:00Z'),
    end: new Date('2030-04-01T09:00:00Z'),
  };
  await mail.deliver('ada', await invitationMail('REQUEST', meeting, 'Invitation: Design review'));
  await connectMailbox(agent, mail, 'ada', 'ada-secret');
  const emailId = await emailIdBySubject(user.id, 'Invitation: Design review');
  const invitation = (await invitationOf(agent, emailId))!;
  const declined = (
    await agent.post(`/api/invitations/${invitation.id}/respond`).send({ response: 'declined' }).expect(200)
  ).body as Invitation;
  expect(declined).toMatchObject({ response: 'declined', eventId: null });
  const reply = await waitFor(
    async () => (await mail.fetchAll('olga')).find((m) => m.parsed.subject === 'Declined: Design review'),
    { what: 'the DECLINED reply' },
  );
  expect(reply.parsed.attachments.find((a) => /text\/calendar/i.test(a.contentType))!.content.toString()).toMatch(
    /PARTSTAT=DECLINED/,
  );
  expect((await calendarOf(agent)).map((e) => e.title)).not.toContain('Design review');
});

it('when the mail server refuses the REPLY, the answer stands and the REPLY waits in Drafts', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  const meeting: Meeting = {
    uid: `offsite-${Date.now()}@example.test`,
    sequence: 0,
    summary: 'Offsite',
    start: new Date('2030-04-02T08:00:00Z'),
    end: new Date('2030-04-02T16:00:00Z'),
  };
  await mail.deliver('ada', await invitationMail('REQUEST', meeting, 'Invitation: Offsite'));
  await connectMailbox(agent, mail, 'ada', 'ada-secret');
  const emailId = await emailIdBySubject(user.id, 'Invitation: Offsite');
  const invitation = (await invitationOf(agent, emailId))!;
  mail.setFailDelivery(true);
  try {
    const answered = (
      await agent.post(`/api/invitations/${invitation.id}/respond`).send({ response: 'tentative' }).expect(200)
    ).body as RespondedInvitation;
    expect(answered).toMatchObject({ response: 'tentative', replySent: false, eventId: expect.any(Number) });
  } finally {
    mail.setFailDelivery(false);
  }
  const drafts: Array<{ subject: string }> = await db.query(
    `SELECT subject FROM emails WHERE "userId" = $1 AND metadata->>'status' = 'draft'`,
    [user.id],
  );
  expect(drafts.map((d) => d.subject)).toEqual(['Tentatively accepted: Offsite']);
  expect((await calendarOf(agent)).map((e) => e.title)).toContain('Offsite');
});

it('a message without an invitation answers null; another user’s invitation answers 404; a bad answer 400', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  await mail.deliver(
    'bob',
    await invitationMail(
      'REQUEST',
      {
        uid: `sync-${Date.now()}@example.test`,
        sequence: 0,
        summary: 'Sync',
        start: new Date('2030-05-01T08:00:00Z'),
        end: new Date('2030-05-01T09:00:00Z'),
      },
      'Invitation: Sync',
    ),
  );
  const plain = new MailComposer({
    from: mail.address('olga'),
    to: mail.address('bob'),
    subject: 'Lunch notes',
    text: 'No meeting here.',
  });
  await mail.deliver('bob', await plain.compile().build());
  await connectMailbox(agent, mail, 'bob', 'bob-secret');
  const invitationEmail = await emailIdBySubject(user.id, 'Invitation: Sync');
  const plainEmail = await emailIdBySubject(user.id, 'Lunch notes');
  expect(await invitationOf(agent, plainEmail)).toBeNull();
  const invitation = (await invitationOf(agent, invitationEmail))!;

  const bad = await agent.post(`/api/invitations/${invitation.id}/respond`).send({ response: 'maybe' });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('Response must be accepted, tentative or declined');
  expect((await agent.post('/api/invitations/abc/respond').send({ response: 'accepted' })).status).toBe(400);

  const other = (await signUp(request.agent(t.http))).agent;
  const notMine = await other.get(`/api/emails/${invitationEmail}/invitation`);
  expect(notMine.status).toBe(404);
  expect(notMine.body.message).toBe('Email not found');
  const answer = await other.post(`/api/invitations/${invitation.id}/respond`).send({ response: 'accepted' });
  expect(answer.status).toBe(404);
  expect(answer.body.message).toBe('Invitation not found');
  expect((await invitationOf(agent, invitationEmail))?.response).toBe('needs-action');
});
