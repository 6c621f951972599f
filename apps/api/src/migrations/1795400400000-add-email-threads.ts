import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The subject normalisation of thread-subject.ts, in SQL, for the backfill of rows stored before threads. */
const NORMALISED_SUBJECT = `btrim(regexp_replace(lower(regexp_replace(subject,
  '^(\\s*(re|fwd?|fw|aw|wg|sv|vs|antw|rif|tr|enc|res|回复|回覆|答复|转发|轉寄|返信|転送)\\s*(\\[\\d+\\]|\\(\\d+\\))?\\s*[:：]\\s*)+', '', 'i')), '\\s+', ' ', 'g'))`;

/**
 * Conversations (issue 24, threads): emails."threadId" names a message's conversation (the id of one
 * of its messages; a merge keeps the smallest), "threadSubject" its normalised subject for the
 * subject fallback. Indexes: the links by Message-ID, In-Reply-To and References one stored batch
 * looks up per user; the subject fallback; a thread's messages (coalesce: a row stored by code that
 * did not thread it yet is its own conversation).
 *
 * Backfill: every row starts as its own thread, then threads are joined along shared Message-IDs
 * (a message's own, its In-Reply-To and its References) until nothing changes, the smallest id
 * winning. The subject fallback applies to mail stored from now on only.
 */
export class AddEmailThreads1795400400000 implements MigrationInterface {
  name = 'AddEmailThreads1795400400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" ADD "threadId" integer`);
    await queryRunner.query(`ALTER TABLE "emails" ADD "threadSubject" text`);
    await queryRunner.query(`CREATE INDEX "IDX_emails_userId_messageId" ON "emails" ("userId", "messageId")`);
    await queryRunner.query(`CREATE INDEX "IDX_emails_userId_inReplyTo" ON "emails" ("userId", "inReplyTo")`);
    await queryRunner.query(`CREATE INDEX "IDX_emails_references" ON "emails" USING gin ("references")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_userId_threadSubject_receivedAt" ON "emails" ("userId", "threadSubject", "receivedAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_emails_userId_thread" ON "emails" ("userId", (coalesce("threadId", "id")))`,
    );

    await queryRunner.query(`UPDATE "emails" SET "threadId" = id, "threadSubject" = ${NORMALISED_SUBJECT}`);
    await queryRunner.query(
      `CREATE TEMPORARY TABLE email_thread_keys ON COMMIT DROP AS
         SELECT id, "userId", key FROM "emails",
                unnest(array_remove("references" || ARRAY["inReplyTo", "messageId"]::text[], NULL)) AS key`,
    );
    await queryRunner.query(`CREATE INDEX ON email_thread_keys ("userId", key)`);
    // Each round gives every row the smallest thread id among the rows it shares a key with; a
    // chain of n links settles in at most n rounds (real threads: a handful).
    for (;;) {
      const [, changed] = await queryRunner.query(
        `UPDATE "emails" e SET "threadId" = m.thread
           FROM (SELECT a.id, min(other."threadId") AS thread
                   FROM email_thread_keys a
                   JOIN email_thread_keys b ON b."userId" = a."userId" AND b.key = a.key AND b.id <> a.id
                   JOIN "emails" other ON other.id = b.id
                  GROUP BY a.id) m
          WHERE e.id = m.id AND m.thread < e."threadId"`,
      );
      if (!changed) break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_emails_userId_thread"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_userId_threadSubject_receivedAt"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_references"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_userId_inReplyTo"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_userId_messageId"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "threadSubject"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "threadId"`);
  }
}
