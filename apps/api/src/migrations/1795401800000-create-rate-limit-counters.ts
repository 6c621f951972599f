import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rate-limit counters every API instance shares (issue 28, RATE_LIMIT_STORE=postgres): one row
 * per counted key (a sign-in tracker, a collector's IP or site) with its hits in the current window.
 * UNLOGGED: no write-ahead log for a table written on every sign-in attempt; after a crash
 * PostgreSQL empties it, which only restarts the running minute's counts.
 */
export class CreateRateLimitCounters1795401800000 implements MigrationInterface {
  name = 'CreateRateLimitCounters1795401800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNLOGGED TABLE "rate_limit_counters" (
        "key" text PRIMARY KEY,
        "hits" integer NOT NULL,
        "expiresAt" timestamptz NOT NULL
      )`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_rate_limit_counters_expiresAt" ON "rate_limit_counters" ("expiresAt")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
  }
}
