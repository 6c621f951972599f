import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Profiles: one row of preferences per user, removed with them; the defaults are spec §5's. */
export class CreateProfiles1795293200000 implements MigrationInterface {
  name = 'CreateProfiles1795293200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "profiles" (
        "userId" integer NOT NULL,
        "bio" character varying(500),
        "location" character varying(100),
        "timezone" character varying(50) NOT NULL DEFAULT 'UTC',
        "language" character varying(10) NOT NULL DEFAULT 'en',
        "theme" character varying(10) NOT NULL DEFAULT 'light',
        "emailNotifications" boolean NOT NULL DEFAULT true,
        "pushNotifications" boolean NOT NULL DEFAULT true,
        "weeklyDigest" boolean NOT NULL DEFAULT true,
        "marketingEmails" boolean NOT NULL DEFAULT false,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_profiles" PRIMARY KEY ("userId"),
        CONSTRAINT "FK_profiles_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "profiles"`);
  }
}
