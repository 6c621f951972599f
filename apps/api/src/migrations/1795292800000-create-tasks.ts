import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tasks, each owned by one user and removed with them. */
export class CreateTasks1795292800000 implements MigrationInterface {
  name = 'CreateTasks1795292800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tasks" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "title" character varying(200) NOT NULL,
        "description" text,
        "priority" character varying(10) NOT NULL DEFAULT 'medium',
        "status" character varying(20) NOT NULL DEFAULT 'pending',
        "dueDate" TIMESTAMP WITH TIME ZONE,
        "category" character varying(100),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_tasks" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_tasks_priority" CHECK ("priority" IN ('high', 'medium', 'low')),
        CONSTRAINT "CHK_tasks_status" CHECK ("status" IN ('pending', 'in_progress', 'completed')),
        CONSTRAINT "FK_tasks_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_tasks_userId" ON "tasks" ("userId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tasks"`);
  }
}
