import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** The task search vector's expression as this migration created it (tasks/task-search-vector.ts must match). */
const TASK_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("title", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("description", '')), 'B') || ` +
  `setweight(to_tsvector('simple', coalesce("category", '') || ' ' || coalesce("priority", '')), 'C')`;

/**
 * Full-text search over tasks: a generated tsvector column, kept current by Postgres, and a GIN
 * index on it. addColumn (not raw SQL) also records the expression in typeorm_metadata, which is
 * where TypeORM looks when it compares the schema with the entity.
 */
export class AddTasksSearchVector1795293400000 implements MigrationInterface {
  name = 'AddTasksSearchVector1795293400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'tasks',
      new TableColumn({
        name: 'searchVector',
        type: 'tsvector',
        isNullable: true,
        generatedType: 'STORED',
        asExpression: TASK_SEARCH_VECTOR,
      }),
    );
    await queryRunner.query(`CREATE INDEX "IDX_tasks_searchVector" ON "tasks" USING gin ("searchVector")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_tasks_searchVector"`);
    await queryRunner.dropColumn('tasks', 'searchVector');
  }
}
