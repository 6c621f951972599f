import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Website Manager (removed with the user): the user's sites, with the state of each site's
 * background work (SEO audit, backup, security check) and the blog posts written for it. Traffic
 * and uptime live in their own tables (create-website-analytics).
 */
export class CreateWebsites1795294900000 implements MigrationInterface {
  name = 'CreateWebsites1795294900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "websites" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "url" character varying(2000) NOT NULL,
        "platform" character varying(20),
        "isActive" boolean NOT NULL DEFAULT true,
        "siteKey" character varying(32) NOT NULL,
        "wordpressUsername" character varying(200),
        "wordpressCredentials" text,
        "seoScore" smallint,
        "seoStatus" character varying(20) NOT NULL DEFAULT 'idle',
        "seoChecks" jsonb NOT NULL DEFAULT '[]',
        "seoCheckedAt" TIMESTAMP WITH TIME ZONE,
        "seoError" character varying(1000),
        "backupStatus" character varying(20) NOT NULL DEFAULT 'idle',
        "lastBackupAt" TIMESTAMP WITH TIME ZONE,
        "backupDocumentId" integer,
        "backupPages" integer,
        "backupError" character varying(1000),
        "securityStatus" character varying(20) NOT NULL DEFAULT 'idle',
        "securityChecks" jsonb NOT NULL DEFAULT '[]',
        "securityCheckedAt" TIMESTAMP WITH TIME ZONE,
        "securityError" character varying(1000),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_websites" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_websites_siteKey" UNIQUE ("siteKey"),
        CONSTRAINT "UQ_websites_userId_url" UNIQUE ("userId", "url"),
        CONSTRAINT "CHK_websites_platform" CHECK ("platform" IS NULL OR "platform" IN ('wordpress', 'shopify', 'wix', 'squarespace', 'custom')),
        CONSTRAINT "CHK_websites_seoScore" CHECK ("seoScore" BETWEEN 0 AND 100),
        CONSTRAINT "CHK_websites_seoStatus" CHECK ("seoStatus" IN ('idle', 'pending', 'running', 'completed', 'failed')),
        CONSTRAINT "CHK_websites_backupStatus" CHECK ("backupStatus" IN ('idle', 'pending', 'running', 'completed', 'failed')),
        CONSTRAINT "CHK_websites_securityStatus" CHECK ("securityStatus" IN ('idle', 'pending', 'running', 'completed', 'failed')),
        CONSTRAINT "FK_websites_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_websites_backupDocumentId" FOREIGN KEY ("backupDocumentId") REFERENCES "documents" ("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_websites_userId_createdAt" ON "websites" ("userId", "createdAt")`);

    await queryRunner.query(`
      CREATE TABLE "website_blog_posts" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "websiteId" integer NOT NULL,
        "userId" integer NOT NULL,
        "topic" character varying(300) NOT NULL,
        "keywords" text array NOT NULL DEFAULT '{}',
        "title" character varying(300),
        "content" text,
        "status" character varying(20) NOT NULL DEFAULT 'pending',
        "wordpressPostId" integer,
        "wordpressUrl" character varying(2000),
        "error" character varying(1000),
        "method" character varying(200),
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_website_blog_posts" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_website_blog_posts_status" CHECK ("status" IN ('pending', 'writing', 'draft', 'published', 'failed')),
        CONSTRAINT "FK_website_blog_posts_websiteId" FOREIGN KEY ("websiteId") REFERENCES "websites" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_website_blog_posts_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_website_blog_posts_websiteId_createdAt" ON "website_blog_posts" ("websiteId", "createdAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "website_blog_posts"`);
    await queryRunner.query(`DROP TABLE "websites"`);
  }
}
