import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, and the server-side session table in connect-pg-simple's own layout. */
export class CreateUsersAndSessions1795292700000 implements MigrationInterface {
  name = 'CreateUsersAndSessions1795292700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "email" character varying(320) NOT NULL,
        "passwordHash" text,
        "firstName" character varying(100),
        "lastName" character varying(100),
        "profileImageUrl" text,
        "role" character varying(20) NOT NULL DEFAULT 'user',
        "plan" character varying(20) NOT NULL DEFAULT 'free',
        "status" character varying(20) NOT NULL DEFAULT 'active',
        "lastLoginAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_users_email" UNIQUE ("email"),
        CONSTRAINT "CHK_users_email_lower_case" CHECK ("email" = lower("email")),
        CONSTRAINT "CHK_users_role" CHECK ("role" IN ('user', 'admin')),
        CONSTRAINT "CHK_users_plan" CHECK ("plan" IN ('free', 'premium', 'enterprise'))
      )
    `);
    await queryRunner.query(`
      CREATE TABLE "session" (
        "sid" character varying NOT NULL COLLATE "default",
        "sess" json NOT NULL,
        "expire" TIMESTAMP(6) NOT NULL,
        CONSTRAINT "session_pkey" PRIMARY KEY ("sid")
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "session"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
