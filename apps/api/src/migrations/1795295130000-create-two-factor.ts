import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (removed with the user):
 * - two_factor_credentials: one TOTP secret per user, encrypted with the credentials key;
 *   "confirmedAt" is null while enrolment waits for its first code. "lastUsedStep" is the
 *   30-second step of the last accepted code (a code is never accepted twice); the failure
 *   counter and "lockedUntil" bound guessing.
 * - two_factor_recovery_codes: ten one-time codes per user, stored as SHA-256 hashes (they are
 *   random, 50 bits each, so a slow hash adds nothing); "usedAt" marks a spent one.
 */
export class CreateTwoFactor1795295130000 implements MigrationInterface {
  name = 'CreateTwoFactor1795295130000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "two_factor_credentials" (
        "userId" integer NOT NULL,
        "secret" text NOT NULL,
        "confirmedAt" TIMESTAMP WITH TIME ZONE,
        "lastUsedStep" bigint,
        "failedAttempts" integer NOT NULL DEFAULT 0,
        "lockedUntil" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_two_factor_credentials" PRIMARY KEY ("userId"),
        CONSTRAINT "FK_two_factor_credentials_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "two_factor_recovery_codes" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "codeHash" character(64) NOT NULL,
        "usedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_two_factor_recovery_codes" PRIMARY KEY ("id"),
        CONSTRAINT "FK_two_factor_recovery_codes_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_two_factor_recovery_codes_userId" ON "two_factor_recovery_codes" ("userId")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "two_factor_recovery_codes"`);
    await queryRunner.query(`DROP TABLE "two_factor_credentials"`);
  }
}
