import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Social media (removed with the user): posts (draft, scheduled or published, with the schedule's
 * version and the publish claim that make publishing happen once), connected platform accounts
 * (OAuth tokens encrypted), and the engagement figures read back from the platforms over time.
 */
export class CreateSocial1795294700000 implements MigrationInterface {
  name = 'CreateSocial1795294700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "social_posts" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "platform" character varying(20) NOT NULL,
        "topic" character varying(500) NOT NULL,
        "tone" character varying(20) NOT NULL DEFAULT 'professional',
        "content" text NOT NULL,
        "hashtags" text array NOT NULL DEFAULT '{}',
        "imageUrl" character varying(2000),
        "status" character varying(20) NOT NULL DEFAULT 'draft',
        "scheduledAt" TIMESTAMP WITH TIME ZONE,
        "scheduleVersion" integer NOT NULL DEFAULT 0,
        "publishClaimedAt" TIMESTAMP WITH TIME ZONE,
        "publishedAt" TIMESTAMP WITH TIME ZONE,
        "publishMode" character varying(20),
        "externalId" character varying(200),
        "externalUrl" character varying(2000),
        "publishError" character varying(1000),
        "engagement" jsonb NOT NULL DEFAULT '{"likes":0,"shares":0,"comments":0,"reach":0}',
        "engagementUpdatedAt" TIMESTAMP WITH TIME ZONE,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_social_posts" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_social_posts_platform" CHECK ("platform" IN ('linkedin', 'twitter', 'facebook', 'instagram')),
        CONSTRAINT "CHK_social_posts_status" CHECK ("status" IN ('draft', 'scheduled', 'published')),
        CONSTRAINT "CHK_social_posts_tone" CHECK ("tone" IN ('professional', 'casual', 'enthusiastic', 'informative', 'humorous')),
        CONSTRAINT "CHK_social_posts_scheduledAt" CHECK ("status" <> 'scheduled' OR "scheduledAt" IS NOT NULL),
        CONSTRAINT "FK_social_posts_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_social_posts_userId_createdAt" ON "social_posts" ("userId", "createdAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_social_posts_userId_platform_status" ON "social_posts" ("userId", "platform", "status")`,
    );

    await queryRunner.query(`
      CREATE TABLE "social_accounts" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "platform" character varying(20) NOT NULL,
        "externalAccountId" character varying(200) NOT NULL,
        "accountName" character varying(300) NOT NULL,
        "credentials" text NOT NULL,
        "error" character varying(1000),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_social_accounts" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_social_accounts_userId_platform" UNIQUE ("userId", "platform"),
        CONSTRAINT "CHK_social_accounts_platform" CHECK ("platform" IN ('linkedin', 'twitter', 'facebook', 'instagram')),
        CONSTRAINT "FK_social_accounts_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);

    await queryRunner.query(`
      CREATE TABLE "social_engagement_snapshots" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "postId" integer NOT NULL,
        "userId" integer NOT NULL,
        "platform" character varying(20) NOT NULL,
        "likes" integer NOT NULL,
        "shares" integer NOT NULL,
        "comments" integer NOT NULL,
        "reach" integer NOT NULL,
        "capturedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_social_engagement_snapshots" PRIMARY KEY ("id"),
        CONSTRAINT "FK_social_engagement_snapshots_postId" FOREIGN KEY ("postId") REFERENCES "social_posts" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_social_engagement_snapshots_userId_platform_capturedAt" ON "social_engagement_snapshots" ("userId", "platform", "capturedAt")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_social_engagement_snapshots_postId_capturedAt" ON "social_engagement_snapshots" ("postId", "capturedAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "social_engagement_snapshots"`);
    await queryRunner.query(`DROP TABLE "social_accounts"`);
    await queryRunner.query(`DROP TABLE "social_posts"`);
  }
}
