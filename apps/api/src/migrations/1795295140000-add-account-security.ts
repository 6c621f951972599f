import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account controls (issue 19):
 * - users.emailVerifiedAt: when the owner proved the address (null: never); an OpenID Connect
 *   sign-in links to a password account by email only once it is set.
 * - users.passwordSetAt: when the current password was set; a password set before the address was
 *   verified may be an attacker's (account pre-hijacking), so a takeover by Google clears it.
 * - account_tokens: the one-use links of verification and reset mails, only their SHA-256 kept.
 * - an index on the session table by signed-in user, for listing and ending a user's sessions.
 */
export class AddAccountSecurity1795295140000 implements MigrationInterface {
  name = 'AddAccountSecurity1795295140000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "emailVerifiedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "passwordSetAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "users" SET "passwordSetAt" = "createdAt" WHERE "passwordHash" IS NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "account_tokens" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "purpose" character varying(20) NOT NULL,
        "tokenHash" character(64) NOT NULL,
        "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL,
        "usedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_account_tokens" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_account_tokens_tokenHash" UNIQUE ("tokenHash"),
        CONSTRAINT "CHK_account_tokens_purpose" CHECK ("purpose" IN ('verify-email', 'reset-password', 'admin-reset')),
        CONSTRAINT "FK_account_tokens_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_account_tokens_userId" ON "account_tokens" ("userId")`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user" ON "session" ((("sess" -> 'passport') ->> 'user'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_session_user"`);
    await queryRunner.query(`DROP TABLE "account_tokens"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "passwordSetAt"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "emailVerifiedAt"`);
  }
}
