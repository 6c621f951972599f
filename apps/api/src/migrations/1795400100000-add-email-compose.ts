import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The New Message window (issue 24): a signature per mail account, and the files uploaded to
 * attach to a message being written (their bytes in the document store, under `storageKey`).
 */
export class AddEmailCompose1795400100000 implements MigrationInterface {
  name = 'AddEmailCompose1795400100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_integrations" ADD "signature" text`);
    await queryRunner.query(`
      CREATE TABLE "email_compose_uploads" (
        "id" uuid NOT NULL,
        "userId" integer NOT NULL,
        "filename" character varying(255) NOT NULL,
        "contentType" character varying(255) NOT NULL,
        "size" bigint NOT NULL,
        "storageKey" character varying(500) NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_compose_uploads" PRIMARY KEY ("id"),
        CONSTRAINT "FK_email_compose_uploads_userId" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_email_compose_uploads_userId" ON "email_compose_uploads" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_compose_uploads"`);
    await queryRunner.query(`ALTER TABLE "email_integrations" DROP COLUMN "signature"`);
  }
}
