import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Travel plans (removed with the user): the trip's details and preferences, whether the user has
 * booked it (ongoing and completed follow the dates, so they are not stored), what the generation
 * job wrote (recommendations, itinerary, budget breakdown, checklist) with its progress, and the
 * user's own expenses. The parts whose keys the user orders (categories, days by name) are json,
 * which keeps keys in the order written; jsonb would sort them.
 */
export class CreateTravelPlans1795294800000 implements MigrationInterface {
  name = 'CreateTravelPlans1795294800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "travel_plans" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "destination" character varying(200) NOT NULL,
        "startDate" date NOT NULL,
        "endDate" date NOT NULL,
        "booked" boolean NOT NULL DEFAULT false,
        "preferences" jsonb NOT NULL,
        "budget" numeric(12,2),
        "budgetBreakdown" json,
        "itinerary" json,
        "expenses" json NOT NULL DEFAULT '{"total":0,"categories":{}}',
        "checklist" json,
        "recommendations" json,
        "generationStatus" character varying(20) NOT NULL DEFAULT 'pending',
        "progress" smallint NOT NULL DEFAULT 0,
        "stage" character varying(200),
        "generationError" character varying(1000),
        "generationMethod" character varying(200),
        "run" integer NOT NULL DEFAULT 1,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_travel_plans" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_travel_plans_dates" CHECK ("endDate" >= "startDate"),
        CONSTRAINT "CHK_travel_plans_generationStatus" CHECK ("generationStatus" IN ('pending', 'in_progress', 'completed', 'failed')),
        CONSTRAINT "CHK_travel_plans_progress" CHECK ("progress" BETWEEN 0 AND 100),
        CONSTRAINT "CHK_travel_plans_budget" CHECK ("budget" IS NULL OR "budget" >= 0),
        CONSTRAINT "FK_travel_plans_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_travel_plans_userId_startDate" ON "travel_plans" ("userId", "startDate")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "travel_plans"`);
  }
}
