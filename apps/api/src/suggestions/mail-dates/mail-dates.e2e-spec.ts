// Dates and action items in plain mail (issue 26) on real servers: messages from New York arrive in
// a Paris user's Dovecot INBOX, the sync reads them, and the suggestions, the accepted event, the
// dismissed task and the automatic reply are what the user and the sender see.
import type { CalendarEvent, EmailIntegration, Suggestion } from '@aide/contracts';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../../test/factories';
import { newMessageId } from '../../../test/fixtures/mail/incoming';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { EmailSyncService } from '../../email/sync/email-sync.service';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

jest.setTimeout(60_000);

const NEW_YORK = -300;
const PARIS = 'Europe/Paris';

let t: TestApp;
let mail: MailServers;

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'bob', password: 'bob-secret' },
      { name: 'ann', password: 'ann-secret' },
    ],
  });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

/** A message from Ann in New York, written now (the Date header carries her -0500). */
function fromAnn(subject: string, body: string): { raw: string; messageId: string } {
  const messageId = newMessageId();
  const written = dayjs().utcOffset(NEW_YORK);
  const raw = [
    `Message-ID: ${messageId}`,
    `Date: ${written.format('ddd, DD MMM YYYY HH:mm:ss ZZ')}`,
    `From: Ann Lee <${mail.address('ann')}>`,
    `To: Bob Stone <${mail.address('bob')}>`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  return { raw, messageId };
}

/** The first `weekday` (0 = Sunday) in New York whose `hour` o'clock there is still ahead. */
function nextInNewYork(weekday: number, hour: number): dayjs.Dayjs {
  let day = dayjs().utcOffset(NEW_YORK).hour(hour).minute(0).second(0).millisecond(0);
  while (day.day() !== weekday || !day.isAfter(dayjs())) day = day.add(1, 'day');
  return day;
}

interface Bob {
  agent: Agent;
  integration: EmailIntegration;
}

async function bob(overrides: Record<string, unknown> = {}): Promise<Bob> {
  const { agent } = await signUp(request.agent(t.http));
  await agent.patch('/api/profile').send({ timezone: PARIS }).expect(200);
  const integration = await connectMailbox(agent, mail, 'bob', 'bob-secret', overrides);
  return { agent, integration };
}

/** Delivers the message to Bob's INBOX, syncs, and answers the stored row's id. */
async function arrives(person: Bob, message: { raw: string; messageId: string }): Promise<number> {
  await mail.deliver('bob', message.raw, mail.address('ann'));
  await t.app.get(EmailSyncService).syncNow(person.integration.id);
  const db = t.app.get(DataSource);
  const [row] = await db.query(`SELECT id FROM emails WHERE "integrationId" = $1 AND "messageId" = $2`, [
    person.integration.id,
    message.messageId,
  ]);
  return row.id as number;
}

const suggestionsOf = async (agent: Agent, emailId: number) =>
  (await agent.get(`/api/emails/${emailId}/suggestions`).expect(200)).body as Suggestion[];

describe('dates and action items in plain mail', () => {
  it('"Could we meet Tuesday at 3pm?" from New York suggests an event at 15:00 her time; accepted, it is in the calendar', async () => {
    const person = await bob();
    const emailId = await arrives(
      person,
      fromAnn('Q3 budget', 'Hi Bob,\n\nCould we meet Tuesday at 3pm?\n\nBest,\nAnn'),
    );
    const start = nextInNewYork(2, 15);

    const [suggestion, ...others] = await suggestionsOf(person.agent, emailId);
    expect(others).toEqual([]);
    expect(suggestion).toMatchObject({
      kind: 'event',
      origin: 'meeting-time',
      status: 'pending',
      emailId,
      title: 'Meeting with Ann Lee: Q3 budget',
      draft: {
        title: 'Meeting with Ann Lee: Q3 budget',
        startTime: start.toISOString(),
        endTime: start.add(1, 'hour').toISOString(),
      },
    });
    const paris = dayjs(start).tz(PARIS);
    expect(suggestion.detail).toBe(
      `${paris.format('dddd D MMMM')}, ${paris.format('HH:mm')}–${paris.add(1, 'hour').format('HH:mm')} your time (Europe/Paris); ${start.format('dddd')} 15:00 for Ann (UTC−05:00)`,
    );

    const accepted = (await person.agent.post(`/api/suggestions/${suggestion.id}/accept`).send({}).expect(200)).body;
    expect(accepted).toMatchObject({ status: 'accepted', decidedBy: 'person', result: { type: 'event' } });
    const calendar = (
      await person.agent
        .get('/api/events')
        .query({ from: start.subtract(1, 'day').toISOString(), to: start.add(1, 'day').toISOString() })
        .expect(200)
    ).body as CalendarEvent[];
    const event = calendar.find((e) => e.id === accepted.result.id);
    expect(event).toMatchObject({
      title: 'Meeting with Ann Lee: Q3 budget',
      startTime: start.toISOString(),
      type: 'meeting',
      sourceEmailId: emailId,
    });
  });

  it('"please send the report by Friday" suggests a task due Friday; dismissed, it stays dismissed after a re-sync and a re-read', async () => {
    const person = await bob();
    const emailId = await arrives(
      person,
      fromAnn('Report', 'Hello Bob,\nplease send the report by Friday.\n\nThanks,\nAnn'),
    );
    const friday = fridayInNewYork();

    const [suggestion] = await suggestionsOf(person.agent, emailId);
    expect(suggestion).toMatchObject({
      kind: 'task',
      origin: 'deadline',
      title: 'Send the report',
      draft: { title: 'Send the report', dueDate: friday, amount: null },
    });

    await person.agent.post(`/api/suggestions/${suggestion.id}/dismiss`).send({}).expect(200);
    await t.app.get(EmailSyncService).syncNow(person.integration.id);
    // Read again, as after the detectors learn something new.
    await t.app.get(DataSource).query(`UPDATE emails SET "suggestionsVersion" = 0 WHERE id = $1`, [emailId]);
    expect(await suggestionsOf(person.agent, emailId)).toEqual([
      expect.objectContaining({ id: suggestion.id, status: 'dismissed', decidedBy: 'person' }),
    ]);
  });

  it("the automatic reply names free slots that meet none of the calendar's events", async () => {
    const person = await bob({ autoRespond: true });
    // The next two weekdays (Paris) are busy in the morning.
    const busy: Array<{ start: dayjs.Dayjs; end: dayjs.Dayjs }> = [];
    for (let day = dayjs().tz(PARIS).add(1, 'day'); busy.length < 2; day = day.add(1, 'day')) {
      if (day.day() === 0 || day.day() === 6) continue;
      const date = day.format('YYYY-MM-DD');
      busy.push({ start: dayjs.tz(`${date}T09:00`, PARIS), end: dayjs.tz(`${date}T13:00`, PARIS) });
    }
    for (const { start, end } of busy) {
      await person.agent
        .post('/api/events')
        .send({ title: 'Workshop', startTime: start.toISOString(), endTime: end.toISOString() })
        .expect(201);
    }
    const message = fromAnn('Planning', 'Hi Bob,\n\nAre you free for a call next week?\n\nAnn');
    await arrives(person, message);

    const [reply] = await waitFor(
      async () => {
        const replies = (await mail.fetchAll('ann')).filter((m) => m.parsed.inReplyTo === message.messageId);
        return replies.length > 0 ? replies : undefined;
      },
      { what: "the automatic reply in Ann's INBOX" },
    );
    const text = reply.parsed.text!.split('\n> ')[0].replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Thank you for your meeting request\. I am free on .+ \(Europe\/Paris time\)\. I will confirm a time with you shortly\./,
    );
    const offered = [...text.matchAll(/on (\w+ \d{1,2} \w+) from (\d\d:\d\d) to (\d\d:\d\d)/g)].map(
      ([, day, from, to]) => {
        const date = busy
          .map(({ start }) => start)
          .concat([...Array(14).keys()].map((n) => dayjs().tz(PARIS).add(n, 'day')))
          .find((d) => d.format('dddd D MMMM') === day)!;
        return {
          start: dayjs.tz(`${date.format('YYYY-MM-DD')}T${from}`, PARIS),
          end: dayjs.tz(`${date.format('YYYY-MM-DD')}T${to}`, PARIS),
        };
      },
    );
    expect(offered.length).toBeGreaterThan(0);
    for (const slot of offered) {
      for (const event of busy) expect(slot.start.isBefore(event.end) && slot.end.isAfter(event.start)).toBe(false);
    }
  });
});

/** The Friday "by Friday" names: today in New York when it is Friday there, else the next one. */
function fridayInNewYork(): string {
  let day = dayjs().utcOffset(NEW_YORK);
  while (day.day() !== 5) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}
