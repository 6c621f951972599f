import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly digest (issue 27): digest_deliveries, one row per person and week, whose unique
 * (userId, weekStart) lets exactly one API process send each digest.
 */
export class CreateDigestDeliveries1795401400000 implements MigrationInterface {
  name = 'CreateDigestDeliveries1795401400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "digest_deliveries" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "weekStart" date NOT NULL,
        "status" character varying(10) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_digest_deliveries" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_digest_deliveries_userId_weekStart" UNIQUE ("userId", "weekStart"),
        CONSTRAINT "CHK_digest_deliveries_status" CHECK ("status" IN ('sending', 'sent', 'failed', 'empty')),
        CONSTRAINT "FK_digest_deliveries_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "digest_deliveries"`);
  }
}
