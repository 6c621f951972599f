import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the IMAP sync engine needs beyond the email tables:
 * - (integrationId, messageId) on emails: a message moved between synced mailboxes by another
 *   client, or a sent reply stored before the server had it, is found by its Message-ID and its
 *   row adopted (keeping the user's priority and category) instead of a duplicate being inserted;
 * - email_integrations."lastSyncAttemptAt": when a sync last started, success or not, so the
 *   recurring job spaces out the attempts of an account whose server keeps failing (lastSyncAt
 *   is the last good sync).
 */
export class AddEmailSyncColumns1795294300000 implements MigrationInterface {
  name = 'AddEmailSyncColumns1795294300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_integrationId_messageId" ON "emails" ("integrationId", "messageId")`,
    );
    await queryRunner.query(`ALTER TABLE "email_integrations" ADD "lastSyncAttemptAt" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_integrations" DROP COLUMN "lastSyncAttemptAt"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_integrationId_messageId"`);
  }
}
