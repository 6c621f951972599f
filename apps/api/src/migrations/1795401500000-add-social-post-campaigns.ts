import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Content that reports back (issue 27): the campaign tags (utm_source, utm_medium, utm_campaign)
 * of the link a social post carries to the person's own site, so the post can show the visits it
 * brought. All null on a post without such a link.
 */
export class AddSocialPostCampaigns1795401500000 implements MigrationInterface {
  name = 'AddSocialPostCampaigns1795401500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "social_posts"
        ADD "utmSource" character varying(100),
        ADD "utmMedium" character varying(100),
        ADD "utmCampaign" character varying(100),
        ADD CONSTRAINT "CHK_social_posts_campaign" CHECK (("utmCampaign" IS NULL) = ("utmSource" IS NULL) AND ("utmCampaign" IS NULL) = ("utmMedium" IS NULL))
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "social_posts"
        DROP CONSTRAINT "CHK_social_posts_campaign",
        DROP COLUMN "utmCampaign",
        DROP COLUMN "utmMedium",
        DROP COLUMN "utmSource"
    `);
  }
}
