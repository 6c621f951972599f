import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Intraday roll-ups (issue 28: the Analytics tab's breakdown at 10 million page views):
 * - website_rollup_state."partialThrough": the daily roll-up tables also hold the local days after
 *   "rolledThrough" (today, and yesterday during its grace period) counted up to this instant; the
 *   readers take those days from the roll-ups up to it and only the events after it from the raw
 *   tables. NULL when there is none (or the collector wrote an event older than it since).
 * - An index on (websiteId, visitorHash, occurredAt) of page views and custom events (made on each
 *   month partition): whether a visitor counted after "partialThrough" was already counted before it
 *   the same day is one index probe, so the distinct visitors stay exact.
 */
export class AddWebsiteIntradayRollups1795402000000 implements MigrationInterface {
  name = 'AddWebsiteIntradayRollups1795402000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "website_rollup_state" ADD "partialThrough" TIMESTAMP WITH TIME ZONE`);
    for (const table of ['website_pageviews', 'website_custom_events'])
      await queryRunner.query(
        `CREATE INDEX "IDX_${table}_websiteId_visitorHash_occurredAt" ON "${table}" ("websiteId", "visitorHash", "occurredAt")`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['website_pageviews', 'website_custom_events'])
      await queryRunner.query(`DROP INDEX "IDX_${table}_websiteId_visitorHash_occurredAt"`);
    await queryRunner.query(`ALTER TABLE "website_rollup_state" DROP COLUMN "partialThrough"`);
  }
}
