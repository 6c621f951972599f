import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** The research search vector's expression as this migration created it (research/research-search-vector.ts must match). */
const RESEARCH_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("topic", '')), 'A') || ` +
  `setweight(to_tsvector('simple', documents_tags_text("tags")), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("summary", '')), 'B') || ` +
  `setweight(to_tsvector('simple', left(coalesce("content", ''), 200000)), 'C')`;

/**
 * A user's research reports (removed with the user): the topic and the dialog's category and tags,
 * the pipeline's state (status, progress, stage, error), and what it wrote (summary, Markdown
 * content, the retrieved sources with their credibility, the overall score). Searched by a
 * generated tsvector over topic, tags, summary and content with a GIN index.
 */
export class CreateResearchReports1795294600000 implements MigrationInterface {
  name = 'CreateResearchReports1795294600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "research_reports" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "topic" character varying(500) NOT NULL,
        "category" character varying(20),
        "tags" text array NOT NULL DEFAULT '{}',
        "status" character varying(20) NOT NULL DEFAULT 'pending',
        "progress" smallint NOT NULL DEFAULT 0,
        "stage" character varying(200),
        "error" character varying(1000),
        "summary" text,
        "content" text,
        "sources" jsonb NOT NULL DEFAULT '[]',
        "credibilityScore" smallint,
        "run" integer NOT NULL DEFAULT 1,
        "isArchived" boolean NOT NULL DEFAULT false,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "completedAt" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_research_reports" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_research_reports_status" CHECK ("status" IN ('pending', 'in_progress', 'completed', 'failed')),
        CONSTRAINT "CHK_research_reports_category" CHECK ("category" IN ('technology', 'business', 'health', 'science', 'education', 'finance', 'environment', 'other')),
        CONSTRAINT "CHK_research_reports_progress" CHECK ("progress" BETWEEN 0 AND 100),
        CONSTRAINT "CHK_research_reports_credibilityScore" CHECK ("credibilityScore" BETWEEN 0 AND 100),
        CONSTRAINT "FK_research_reports_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_research_reports_userId_createdAt" ON "research_reports" ("userId", "createdAt")`,
    );
    await queryRunner.addColumn(
      'research_reports',
      new TableColumn({
        name: 'searchVector',
        type: 'tsvector',
        isNullable: true,
        generatedType: 'STORED',
        asExpression: RESEARCH_SEARCH_VECTOR,
      }),
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_research_reports_searchVector" ON "research_reports" USING gin ("searchVector")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_research_reports_searchVector"`);
    await queryRunner.dropColumn('research_reports', 'searchVector');
    await queryRunner.query(`DROP TABLE "research_reports"`);
  }
}
