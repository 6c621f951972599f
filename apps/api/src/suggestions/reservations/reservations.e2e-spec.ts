// Issue 26, reservations on real servers: a flight and a hotel confirmation with schema.org markup,
// sent over SMTP into the person's Dovecot mailbox and synced, suggest events and items of the trip
// they fall in; accepting makes the event (linked to its message) and puts the booking on its day
// with its cost; a dismissal sticks; another person's suggestion is not found.
import type { CalendarEvent, Email, EmailPage, Suggestion, TravelPlan } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { EmailSyncService } from '../../email/sync/email-sync.service';
import { carConfirmationHtml, flightConfirmationHtml, hotelConfirmationHtml } from './reservation-fixtures';

jest.setTimeout(90_000);

let t: TestApp;
let mail: MailServers;

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'eva', password: 'eva-secret' },
      { name: 'max', password: 'max-secret' },
      { name: 'bookings', password: 'bookings-secret' },
    ],
  });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

/** A confirmation as a booking site sends it: HTML with the markup, a text part, maybe the PDF. */
async function bookingSiteSends(to: string, subject: string, html: string, pdf?: string): Promise<void> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: mail.smtp.host,
    port: mail.smtp.port,
    secure: false,
    auth: { user: 'bookings', pass: 'bookings-secret' },
  });
  await transport.sendMail({
    from: `Bookings <${mail.address('bookings')}>`,
    to: mail.address(to),
    subject,
    text: 'Your booking is confirmed.',
    html,
    attachments: pdf
      ? [{ filename: pdf, content: Buffer.from('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf' }]
      : [],
  });
  transport.close();
}

const inbox = async (agent: Agent): Promise<Email[]> =>
  ((await agent.get('/api/emails').query({ tab: 'inbox', pageSize: 100 }).expect(200)).body as EmailPage).items;

const suggestionsOf = async (agent: Agent, emailId: number): Promise<Suggestion[]> =>
  (await agent.get(`/api/emails/${emailId}/suggestions`).expect(200)).body as Suggestion[];

const planOf = async (agent: Agent, userId: number, id: number): Promise<TravelPlan> =>
  ((await agent.get(`/api/travel/${userId}`).expect(200)).body as TravelPlan[]).find((plan) => plan.id === id)!;

it('a flight and a hotel inside a trip: events and trip items, accepted and dismissed', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  // The trip the bookings fall in, planned by the job before anything is added to it.
  const trip = (
    await agent
      .post('/api/travel/create')
      .send({ destination: 'New York', startDate: '2027-03-09', endDate: '2027-03-15' })
      .expect(201)
  ).body as TravelPlan;
  await waitFor(
    async () => ((await planOf(agent, user.id, trip.id)).generation.status === 'completed' ? true : undefined),
    {
      timeoutMs: 30_000,
      what: 'the trip to be planned',
    },
  );

  const integration = await connectMailbox(agent, mail, 'eva', 'eva-secret');
  await bookingSiteSends('eva', 'Your British Airways e-ticket', flightConfirmationHtml, 'e-ticket.pdf');
  await bookingSiteSends('eva', 'Booking confirmed: The Greenwich Hotel', hotelConfirmationHtml);
  await t.app.get(EmailSyncService).syncNow(integration.id);
  const emails = await inbox(agent);
  const flightEmail = emails.find((email) => email.subject === 'Your British Airways e-ticket')!;
  const hotelEmail = emails.find((email) => email.subject === 'Booking confirmed: The Greenwich Hotel')!;
  expect(flightEmail && hotelEmail).toBeTruthy();

  const flight = await suggestionsOf(agent, flightEmail.id);
  expect(flight.map((s) => [s.kind, s.origin, s.status, s.title])).toEqual([
    ['event', 'reservation', 'pending', 'Flight BA117 London Heathrow → New York JFK'],
    ['trip-item', 'reservation', 'pending', 'Flight BA117 London Heathrow → New York JFK on your New York trip'],
    ['document', 'reservation', 'pending', 'e-ticket.pdf, the booking confirmation'],
  ]);
  const hotel = await suggestionsOf(agent, hotelEmail.id);
  expect(hotel.map((s) => [s.kind, s.title])).toEqual([
    ['event', 'The Greenwich Hotel, New York (check-in)'],
    ['trip-item', 'The Greenwich Hotel, New York (check-in) on your New York trip'],
    ['event', 'The Greenwich Hotel, New York (check-out)'],
    ['trip-item', 'The Greenwich Hotel, New York (check-out) on your New York trip'],
  ]);
  // Reading again proposes nothing twice.
  expect(await suggestionsOf(agent, flightEmail.id)).toHaveLength(3);

  // The flight's event: from departure in London to arrival in New York, linked to its message.
  const flightEvent = flight[0];
  const accepted = (await agent.post(`/api/suggestions/${flightEvent.id}/accept`).send({}).expect(200))
    .body as Suggestion;
  expect(accepted).toMatchObject({ status: 'accepted', decidedBy: 'person', result: { type: 'event' } });
  const events = (
    await agent.get('/api/events').query({ from: '2027-03-01T00:00:00Z', to: '2027-04-01T00:00:00Z' }).expect(200)
  ).body as CalendarEvent[];
  const event = events.find((e) => e.id === accepted.result!.id)!;
  expect(event).toMatchObject({
    title: 'Flight BA117 London Heathrow → New York JFK',
    location: 'London Heathrow',
    sourceEmailId: flightEmail.id,
  });
  expect([new Date(event.startTime).toISOString(), new Date(event.endTime).toISOString()]).toEqual([
    '2027-03-10T11:40:00.000Z',
    '2027-03-10T19:45:00.000Z',
  ]);

  // The flight and the check-in join the trip: on their day, with their cost.
  for (const item of [flight[1], hotel[1]]) {
    const done = (await agent.post(`/api/suggestions/${item.id}/accept`).send({}).expect(200)).body as Suggestion;
    expect(done.result).toEqual({ type: 'trip', id: trip.id });
  }
  const plan = await planOf(agent, user.id, trip.id);
  const march10 = plan.itinerary?.days?.find((day) => day.date === '2027-03-10');
  expect(march10?.activities.filter((activity) => activity.sourceEmailId)).toEqual([
    {
      time: '11:40',
      activity: 'Flight BA117 London Heathrow → New York JFK',
      location: 'London Heathrow',
      sourceEmailId: flightEmail.id,
    },
    {
      time: '15:00',
      activity: 'The Greenwich Hotel, New York (check-in)',
      location: 'The Greenwich Hotel, 377 Greenwich St, New York',
      sourceEmailId: hotelEmail.id,
    },
  ]);
  // The planner's own activities of the day stay.
  expect(march10!.activities.length).toBeGreaterThan(2);
  expect(plan.expenses).toEqual({
    total: 2230.5,
    categories: {
      Transportation: [
        {
          description: 'Flight BA117 London Heathrow → New York JFK',
          amount: 1250,
          date: '2027-03-10',
          sourceEmailId: flightEmail.id,
        },
      ],
      Accommodation: [
        {
          description: 'The Greenwich Hotel, New York (check-in)',
          amount: 980.5,
          date: '2027-03-10',
          sourceEmailId: hotelEmail.id,
        },
      ],
    },
  });

  // Dismissed stays dismissed, also when the message is read again; decided is decided.
  const checkOut = hotel[2];
  expect((await agent.post(`/api/suggestions/${checkOut.id}/dismiss`).expect(200)).body).toMatchObject({
    status: 'dismissed',
    decidedBy: 'person',
  });
  await agent.post(`/api/suggestions/${checkOut.id}/accept`).send({}).expect(409);
  await agent.post(`/api/suggestions/${flight[1].id}/accept`).send({}).expect(409);
  expect((await suggestionsOf(agent, hotelEmail.id)).find((s) => s.id === checkOut.id)?.status).toBe('dismissed');

  // Another person sees none of it, and a trip item pointed at their trip finds no trip.
  const other = await signUp(request.agent(t.http));
  const theirs = (
    await other.agent
      .post('/api/travel/create')
      .send({ destination: 'Oslo', startDate: '2027-03-12', endDate: '2027-03-16' })
      .expect(201)
  ).body as TravelPlan;
  const misdirected = await agent
    .post(`/api/suggestions/${hotel[3].id}/accept`)
    .send({ draft: { ...hotel[3].draft, tripId: theirs.id } })
    .expect(404);
  expect(misdirected.body.message).toBe('Travel plan not found');
  await other.agent.get(`/api/emails/${hotelEmail.id}/suggestions`).expect(404);
  await other.agent.post(`/api/suggestions/${hotel[3].id}/accept`).send({}).expect(404);
  await other.agent.post(`/api/suggestions/${hotel[3].id}/dismiss`).expect(404);
  expect((await suggestionsOf(agent, hotelEmail.id)).find((s) => s.id === hotel[3].id)?.status).toBe('pending');
});

it('a booking outside every trip suggests a new trip', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  const integration = await connectMailbox(agent, mail, 'max', 'max-secret');
  await bookingSiteSends('max', 'Your Hertz reservation', carConfirmationHtml);
  await t.app.get(EmailSyncService).syncNow(integration.id);
  const email = (await inbox(agent)).find((e) => e.subject === 'Your Hertz reservation')!;
  const suggestions = await suggestionsOf(agent, email.id);
  expect(suggestions.map((s) => [s.kind, s.title])).toEqual([
    ['event', 'Hertz car pickup at Nice Côte d’Azur Airport'],
    ['event', 'Hertz car return at Nice Côte d’Azur Airport'],
    ['trip', 'Trip to Nice'],
  ]);
  const made = (await agent.post(`/api/suggestions/${suggestions[2].id}/accept`).send({}).expect(200))
    .body as Suggestion;
  const plan = await planOf(agent, user.id, made.result!.id);
  expect(plan).toMatchObject({ destination: 'Nice', startDate: '2027-06-02', endDate: '2027-06-09' });
});
