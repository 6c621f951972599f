// What the release's API cannot make without outside services — mail and calendar accounts and
// what their syncs bring in, social accounts, two-factor, single sign-on identities, account
// tokens, the mail triage model — written with SQL in the shape the release's own code writes it.
// Stored credentials are encrypted with the release's own CredentialsCipher and the dump's
// CREDENTIALS_KEY, so the upgraded app can still decrypt them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

export async function seedThroughSql(db, { users: [alice, bob] }, { checkout, credentialsKey }) {
  const { CredentialsCipher } = createRequire(import.meta.url)(
    path.join(checkout, 'apps/api/dist/common/crypto/credentials-cipher.js'),
  );
  const cipher = new CredentialsCipher(Buffer.from(credentialsKey, 'base64'));
  const one = async (sql, params) => (await db.query(sql, params)).rows[0];

  const mail = await one(
    `INSERT INTO email_integrations ("userId", provider, email, "displayName", username, "imapHost", "imapPort", "smtpHost", "smtpPort", credentials, "syncState", signature, folders)
     VALUES ($1, 'imap', 'alice@mail.example', 'Alice Archer', 'alice', 'imap.mail.example', 993, 'smtp.mail.example', 465, $2,
             '{"INBOX": {"uidValidity": 1, "lastUid": 2}}', 'Alice', '["INBOX", "Archive"]') RETURNING id`,
    [alice, cipher.encrypt({ password: 'imap password of alice' })],
  );
  const received = async (uid, subject, body, extra = {}) =>
    one(
      `INSERT INTO emails ("userId", "integrationId", mailbox, "uidValidity", uid, "messageId", subject, "from", "to", body, priority, category, "receivedAt", attachments, "threadSubject")
       VALUES ($1, $2, 'INBOX', 1, $3, $4, $5, 'Bob Baker <bob@example.com>', 'alice@mail.example', $6, $7, $8, now() - interval '1 day', $9, $5) RETURNING id`,
      [
        alice,
        mail.id,
        uid,
        `<${uid}.${randomUUID()}@example.com>`,
        subject,
        body,
        extra.priority ?? 'regular',
        extra.category ?? null,
        JSON.stringify(extra.attachments ?? []),
      ],
    );
  const lunch = await received(1, 'Lunch on Friday?', 'Shall we meet at noon on Friday at the harbour?', {
    priority: 'important',
    category: 'personal',
  });
  const invite = await received(2, 'Invitation: Garden club', 'You are invited to the garden club.', {
    attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', size: 420 }],
  });
  await db.query(`UPDATE emails SET "threadId" = id`);
  const sent = await one(
    `INSERT INTO emails ("userId", "integrationId", mailbox, subject, "from", "to", body, "receivedAt", metadata)
     VALUES ($1, $2, 'Sent', 'Re: Lunch on Friday?', 'alice@mail.example', 'bob@example.com', 'Noon works.', now(), '{"status": "sent"}') RETURNING id`,
    [alice, mail.id],
  );
  await db.query(
    `INSERT INTO outgoing_emails ("userId", "integrationId", message, "messageId", "sendAt", status, "sentEmailId", attempts, "sentAt")
     VALUES ($1, $2, $3, $4, now(), 'sent', $5, 1, now())`,
    [
      alice,
      mail.id,
      JSON.stringify({ to: ['bob@example.com'], subject: 'Re: Lunch on Friday?', text: 'Noon works.' }),
      `<${randomUUID()}@mail.example>`,
      sent.id,
    ],
  );
  await db.query(
    `INSERT INTO email_auto_responses ("integrationId", "emailId", kind, "threadMessageIds", "replyMessageId")
     VALUES ($1, $2, 'meeting', ARRAY['<1@example.com>'], '<reply-1@mail.example>')`,
    [mail.id, lunch.id],
  );
  await db.query(
    `INSERT INTO email_triage_tokens ("userId", facet, token, label, count) VALUES ($1, 'priority', 'lunch', 'important', 3), ($1, 'category', 'lunch', 'personal', 2)`,
    [alice],
  );
  await db.query(
    `INSERT INTO email_triage_labels ("userId", facet, label, documents, tokens) VALUES ($1, 'priority', 'important', 1, 3), ($1, 'category', 'personal', 1, 2)`,
    [alice],
  );
  await db.query(
    `INSERT INTO email_triage_corrections ("emailId", "userId", priority, category, tokens) VALUES ($1, $2, 'important', 'personal', '["lunch", "friday"]')`,
    [lunch.id, alice],
  );
  await db.query(
    `INSERT INTO email_bulk_undo ("userId", previous, "expiresAt") VALUES ($1, $2, now() + interval '1 hour')`,
    [alice, JSON.stringify([{ id: lunch.id, isArchived: false }])],
  );
  await db.query(
    `INSERT INTO email_compose_uploads (id, "userId", filename, "contentType", size, "storageKey") VALUES ($1, $2, 'notes.txt', 'text/plain', 12, $3)`,
    [randomUUID(), alice, `compose/${alice}/${randomUUID()}`],
  );
  const folder = await one(`SELECT id FROM document_folders WHERE "userId" = $1 LIMIT 1`, [alice]);
  await db.query(
    `INSERT INTO attachment_rules ("userId", name, sender, "attachmentType", "integrationId", "folderId", tag, "filedCount")
     VALUES ($1, 'Invoices from the shop', 'shop.example', 'pdf', $2, $3, 'invoice', 1)`,
    [alice, mail.id, folder.id],
  );
  const event = await one(`SELECT id FROM events WHERE "userId" = $1 ORDER BY id LIMIT 1`, [alice]);
  await db.query(
    `INSERT INTO calendar_invitations ("userId", "emailId", uid, method, summary, "organizerEmail", "organizerName", "startTime", "endTime", attendees, response, "eventId")
     VALUES ($1, $2, 'garden-club-1@example.com', 'request', 'Garden club', 'bob@example.com', 'Bob Baker', now() + interval '5 days', now() + interval '5 days 1 hour', '[{"email": "alice@mail.example"}]', 'accepted', $3)`,
    [alice, invite.id, event.id],
  );
  const document = await one(`SELECT id FROM documents WHERE "userId" = $1 ORDER BY id LIMIT 1`, [alice]);
  await db.query(
    `INSERT INTO suggestions ("userId", "emailId", "documentId", kind, origin, key, title, detail, draft)
     VALUES ($1, $2, NULL, 'event', 'rules', 'lunch-friday', 'Lunch with Bob', 'Friday at noon', '{"title": "Lunch with Bob"}'),
            ($1, NULL, $3, 'task', 'rules', 'pay-rent', 'Pay the rent', '950 EUR', '{"title": "Pay the rent"}')`,
    [alice, lunch.id, document.id],
  );

  const calendar = await one(
    `INSERT INTO calendar_integrations ("userId", provider, "calendarName", credentials, "providerState", "lastSyncAt")
     VALUES ($1, 'caldav', 'Family', $2, '{"serverUrl": "https://dav.example/alice/family/", "ctag": "7"}', now()) RETURNING id`,
    [alice, cipher.encrypt({ username: 'alice', password: 'caldav password of alice' })],
  );
  await db.query(
    `INSERT INTO calendar_event_links ("integrationId", "eventId", "remoteId", "remoteEtag", "localHash") VALUES ($1, $2, 'dentist.ics', '"etag-1"', $3)`,
    [calendar.id, event.id, sha256('dentist')],
  );

  const post = await one(`SELECT id FROM social_posts WHERE "userId" = $1 ORDER BY id LIMIT 1`, [alice]);
  await db.query(
    `INSERT INTO social_accounts ("userId", platform, "externalAccountId", "accountName", credentials) VALUES ($1, 'linkedin', 'urn:li:person:alice', 'Alice Archer', $2)`,
    [alice, cipher.encrypt({ accessToken: 'linkedin-access', refreshToken: null, expiresAt: null })],
  );
  await db.query(
    `INSERT INTO social_engagement_snapshots ("postId", "userId", platform, likes, shares, comments, reach) VALUES ($1, $2, 'linkedin', 12, 3, 2, 480)`,
    [post.id, alice],
  );

  // Bob has two-factor sign-in on, a single sign-on identity and a password reset on the way.
  await db.query(`INSERT INTO two_factor_credentials ("userId", secret, "confirmedAt") VALUES ($1, $2, now())`, [
    bob,
    cipher.encrypt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
  ]);
  await db.query(`INSERT INTO two_factor_recovery_codes ("userId", "codeHash") VALUES ($1, $2), ($1, $3)`, [
    bob,
    sha256('recovery-one'),
    sha256('recovery-two'),
  ]);
  await db.query(
    `INSERT INTO user_identities ("userId", issuer, subject) VALUES ($1, 'https://id.example', 'bob-42')`,
    [bob],
  );
  await db.query(
    `INSERT INTO account_tokens ("userId", purpose, "tokenHash", "expiresAt") VALUES ($1, 'reset-password', $2, now() + interval '1 hour')`,
    [bob, sha256(randomBytes(32).toString('hex'))],
  );

  for (const user of [alice, bob])
    await db.query(
      `INSERT INTO notifications ("userId", kind, title, body, link, "sourceKey", module) VALUES ($1, 'task_due', 'Water the plants is due', 'Due today', '/tasks', $2, 'organiser')`,
      [user, `task-due-${user}`],
    );
  await db.query(
    `INSERT INTO digest_deliveries ("userId", "weekStart", status) VALUES ($1, date_trunc('week', now())::date - 7, 'sent')`,
    [alice],
  );
  await db.query(
    `INSERT INTO module_sources ("moduleId", "manifestUrl") VALUES ('travel', 'https://modules.example/travel/mf-manifest.json')`,
  );
  await db.query(
    `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok, "statusCode", "responseMs")
     SELECT id, now() - interval '5 minutes', true, 200, 84 FROM websites`,
  );
}
