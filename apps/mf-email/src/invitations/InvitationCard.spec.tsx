import { type Invitation, type Profile, PROFILE_DEFAULTS } from '@aide/contracts';
import { button, byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { InvitationCard } from './InvitationCard';

afterEach(cleanup);

const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  id: 7,
  emailId: 3,
  uid: 'meeting-1@example.com',
  sequence: 0,
  method: 'request',
  state: 'new',
  summary: 'Quarterly planning',
  organizer: { name: 'Olga Organiser', email: 'olga@example.com' },
  startTime: '2030-03-11T09:30:00.000Z',
  endTime: '2030-03-11T11:00:00.000Z',
  allDay: false,
  timezone: 'Europe/Berlin',
  recurrence: null,
  location: 'Room 4',
  description: null,
  attendees: [],
  response: 'needs-action',
  eventId: null,
  conflicts: [],
  ...overrides,
});

/** The profile as GET /api/profile answers it (the schema is checked), in Paris. */
const profile: Profile = {
  ...PROFILE_DEFAULTS,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  profileImageUrl: null,
  timezone: 'Europe/Paris',
};

describe('InvitationCard', () => {
  it('shows the meeting in the profile timezone with its conflicts, and Accept answers it', async () => {
    const conflicts = [
      { id: 4, title: 'Weekly standup', startTime: '2030-03-11T10:00:00.000Z', endTime: '2030-03-11T10:30:00.000Z' },
    ];
    // The server's state: the answer is what GET says once POST has been made.
    let current = invitation({ conflicts });
    const { calls } = mockFetch(
      route('GET /api/profile', { body: profile }),
      route('GET /api/emails/3/invitation', () => ({ body: { invitation: current } })),
      route('POST /api/invitations/7/respond', () => {
        current = invitation({ conflicts, response: 'accepted', eventId: 12 });
        return { body: { ...current, replySent: true } };
      }),
    );
    renderScreen(<InvitationCard emailId={3} />);
    await waitFor(() => byText('Quarterly planning'));
    expect(document.body.textContent).toContain('Olga Organiser <olga@example.com>');
    expect(document.body.textContent).toContain('Overlaps 1 event in your calendar');
    expect(document.body.textContent).toContain('Weekly standup');
    await waitFor(() => document.body.textContent?.includes('(Europe/Paris)'));
    // 09:30 UTC is 10:30 in Paris in March.
    expect(document.body.textContent).toMatch(/10:30\s*–\s*12:00/);
    expect(document.body.textContent).toContain('You have not answered yet');

    await click(button('Accept'));
    await waitFor(() => byText('You accepted: the meeting is in your calendar'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/invitations/7/respond',
      body: { response: 'accepted' },
    });
    expect(button('Accept').getAttribute('aria-pressed')).toBe('true');
  });

  it('says a cancel and offers no answer; draws nothing for a message without an invitation', async () => {
    mockFetch(
      route('GET /api/profile', { body: profile }),
      route('GET /api/emails/3/invitation', {
        body: { invitation: invitation({ method: 'cancel', state: 'cancelled' }) },
      }),
      route('GET /api/emails/4/invitation', { body: { invitation: null } }),
    );
    renderScreen(<InvitationCard emailId={3} />);
    await waitFor(() => byText('The organiser cancelled this meeting. It is no longer in your calendar.'));
    expect(document.body.textContent).toContain('Meeting cancelled');
    expect(document.querySelector('[role="group"]')).toBeNull();
    cleanup();
    const { calls } = mockFetch(
      route('GET /api/profile', { body: profile }),
      route('GET /api/emails/4/invitation', { body: { invitation: null } }),
    );
    renderScreen(<InvitationCard emailId={4} />);
    await waitFor(() => calls.some((call) => call.url === '/api/emails/4/invitation'));
    await waitFor(() => !document.querySelector('.ant-skeleton'));
    expect(document.body.textContent).not.toContain('Meeting invitation');
  });

  it('says a failed answer in the card, with the server’s reason', async () => {
    mockFetch(
      route('GET /api/profile', { body: profile }),
      route('GET /api/emails/3/invitation', { body: { invitation: invitation() } }),
      route('POST /api/invitations/7/respond', {
        status: 409,
        body: { message: 'This meeting was cancelled' },
      }),
    );
    renderScreen(<InvitationCard emailId={3} />);
    await click(await waitFor(() => button('Decline')));
    await waitFor(() => byText('Your answer was not sent'));
    expect(document.body.textContent).toContain('This meeting was cancelled');
  });
});
