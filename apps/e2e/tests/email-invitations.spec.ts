import { expect, test } from '@playwright/test';
import { ICalAttendeeStatus, ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import MailComposer from 'nodemailer/lib/mail-composer';
import { screenshot, signUpViaApi } from './helpers';
import { connectMailbox, deliverMail, mailServers, serverMessages } from './mail-servers';

// Meeting invitations (issue 26) end to end: bob's calendar client sends ada an iMIP REQUEST
// (ical-generator, delivered into Dovecot); the message shows the invitation card, Accept sends the
// REPLY to bob's mailbox and puts the meeting on the Calendar screen.

test('an invitation shows its card; Accept answers the organiser and puts the meeting in the calendar', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The run's mailboxes are shared by every test: this run's meeting is told apart by this tag.
  const tag = Date.now().toString(36);
  const summary = `Roadmap review ${tag}`;
  const subject = `Invitation: ${summary}`;
  const mail = await mailServers();
  const address = (name: string) => mail.users.find((user) => user.name === name)!.address;
  const day = new Date(Date.now() + 2 * 86_400_000);
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10));
  const calendar = new ICalCalendar({ prodId: '//Test//Organiser//EN', method: ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: `roadmap-${tag}@e2e.test`,
    sequence: 0,
    start,
    end: new Date(start.getTime() + 3_600_000),
    summary,
    location: 'Room 4',
    organizer: { name: 'Bob Builder', email: address('bob') },
    attendees: [{ name: 'Ada', email: address('ada'), status: ICalAttendeeStatus.NEEDSACTION, rsvp: true }],
  });
  const raw = await new MailComposer({
    from: `Bob Builder <${address('bob')}>`,
    to: `Ada <${address('ada')}>`,
    subject,
    messageId: `<roadmap-${tag}@e2e.test>`,
    text: `Bob invites you to ${summary}.`,
    icalEvent: { method: 'REQUEST', content: calendar.toString() },
  })
    .compile()
    .build();
  await deliverMail('ada', raw.toString('utf8'));

  await signUpViaApi(page, 'Ada', 'Lovelace');
  await connectMailbox(page, 'ada');
  await page.goto('/email');
  await page
    .getByRole('list', { name: 'Inbox emails' })
    .getByRole('listitem')
    .filter({ hasText: subject })
    .getByRole('button', { name: new RegExp(`: ${subject}\\.? `) })
    .click();
  const dialog = page.getByRole('dialog', { name: subject });
  const card = dialog.getByRole('region', { name: 'Meeting invitation' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(summary);
  await expect(card).toContainText(`Bob Builder <${address('bob')}>`);
  await expect(card).toContainText('Room 4');
  await expect(card).toContainText('(UTC)');
  await expect(card).toContainText('Nothing else in your calendar at this time');
  await screenshot(page, 'email-invitation');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'email-invitation-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card.getByRole('status')).toHaveText('You accepted: the meeting is in your calendar');
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => (await serverMessages('bob')).some((m) => m.subject === `Accepted: ${summary}`), {
      timeout: 20_000,
    })
    .toBe(true);

  await page.goto('/calendar');
  await expect(
    page.getByRole('list', { name: 'Upcoming events' }).getByRole('button', { name: summary }),
  ).toBeVisible();
});
