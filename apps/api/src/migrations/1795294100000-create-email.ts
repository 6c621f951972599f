import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** The email search vector's expression as this migration created it (email/email-search-vector.ts must match). */
const EMAIL_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("subject", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("from", '')), 'B') || ` +
  `setweight(to_tsvector('simple', left(coalesce("body", ''), 100000)), 'C')`;

/**
 * A user's connected mail accounts (removed with the user) and their messages (removed with the
 * user or the account). `credentials` holds the password or OAuth tokens encrypted (common/crypto);
 * `syncState` the sync engine's per-mailbox position (UIDVALIDITY, last UID, HIGHESTMODSEQ). A
 * message is unique by (integrationId, mailbox, uidValidity, uid), so a re-sync upserts with
 * ON CONFLICT; `pendingServerChanges` holds read/archive changes made here that the server has
 * not been told yet. Indexes serve the list's tabs newest first, and full-text search.
 */
export class CreateEmail1795294100000 implements MigrationInterface {
  name = 'CreateEmail1795294100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "email_integrations" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "provider" character varying(20) NOT NULL,
        "email" character varying(320) NOT NULL,
        "displayName" character varying(200),
        "username" character varying(320),
        "isActive" boolean NOT NULL DEFAULT true,
        "syncEnabled" boolean NOT NULL DEFAULT true,
        "syncFrequency" integer NOT NULL DEFAULT 300,
        "autoRespond" boolean NOT NULL DEFAULT false,
        "autoCategories" boolean NOT NULL DEFAULT true,
        "lastSyncAt" TIMESTAMP WITH TIME ZONE,
        "lastSyncError" character varying(2000),
        "syncing" boolean NOT NULL DEFAULT false,
        "imapHost" character varying(253),
        "imapPort" integer,
        "smtpHost" character varying(253),
        "smtpPort" integer,
        "credentials" text NOT NULL,
        "syncState" jsonb NOT NULL DEFAULT '{}',
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_integrations" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_email_integrations_userId_email" UNIQUE ("userId", "email"),
        CONSTRAINT "CHK_email_integrations_provider" CHECK ("provider" IN ('gmail', 'outlook', 'yahoo', 'imap')),
        CONSTRAINT "CHK_email_integrations_syncFrequency" CHECK ("syncFrequency" >= 60),
        CONSTRAINT "FK_email_integrations_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "emails" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "integrationId" integer,
        "mailbox" character varying(1000),
        "uidValidity" bigint,
        "uid" bigint,
        "messageId" character varying(998),
        "inReplyTo" character varying(998),
        "references" text array NOT NULL DEFAULT '{}',
        "subject" text NOT NULL DEFAULT '',
        "from" text NOT NULL DEFAULT '',
        "to" text NOT NULL DEFAULT '',
        "cc" text,
        "body" text NOT NULL DEFAULT '',
        "htmlBody" text,
        "priority" character varying(10) NOT NULL DEFAULT 'regular',
        "category" character varying(20),
        "isRead" boolean NOT NULL DEFAULT false,
        "isArchived" boolean NOT NULL DEFAULT false,
        "isAutoResponded" boolean NOT NULL DEFAULT false,
        "receivedAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "attachments" jsonb NOT NULL DEFAULT '[]',
        "metadata" jsonb NOT NULL DEFAULT '{}',
        "pendingServerChanges" jsonb NOT NULL DEFAULT '{}',
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_emails" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_emails_integrationId_mailbox_uidValidity_uid" UNIQUE ("integrationId", "mailbox", "uidValidity", "uid"),
        CONSTRAINT "CHK_emails_priority" CHECK ("priority" IN ('urgent', 'important', 'regular')),
        CONSTRAINT "CHK_emails_category" CHECK ("category" IN ('work', 'personal', 'newsletter', 'spam', 'promotion', 'social', 'finance', 'travel', 'other')),
        CONSTRAINT "FK_emails_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_emails_integrationId" FOREIGN KEY ("integrationId") REFERENCES "email_integrations" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_userId_isArchived_receivedAt" ON "emails" ("userId", "isArchived", "receivedAt", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_active_userId_priority_receivedAt" ON "emails" ("userId", "priority", "receivedAt", "id") WHERE "isArchived" = false`,
    );
    await queryRunner.addColumn(
      'emails',
      new TableColumn({
        name: 'searchVector',
        type: 'tsvector',
        isNullable: true,
        generatedType: 'STORED',
        asExpression: EMAIL_SEARCH_VECTOR,
      }),
    );
    await queryRunner.query(`CREATE INDEX "IDX_emails_searchVector" ON "emails" USING gin ("searchVector")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_emails_searchVector"`);
    await queryRunner.dropColumn('emails', 'searchVector');
    await queryRunner.query(`DROP TABLE "emails"`);
    await queryRunner.query(`DROP TABLE "email_integrations"`);
  }
}
