import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sign-in identities from OpenID Connect issuers (Google): one (issuer, subject) belongs to one account. */
export class CreateUserIdentities1795293100000 implements MigrationInterface {
  name = 'CreateUserIdentities1795293100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "user_identities" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "issuer" character varying(500) NOT NULL,
        "subject" character varying(255) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_user_identities" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_user_identities_issuer_subject" UNIQUE ("issuer", "subject"),
        CONSTRAINT "FK_user_identities_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_user_identities_userId" ON "user_identities" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_identities"`);
  }
}
