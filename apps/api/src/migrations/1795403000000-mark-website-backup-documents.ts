import type { MigrationInterface, QueryRunner } from 'typeorm';

/** archiveName() in websites/backup: '<host, other characters as ->-backup-YYYY-MM-DD-HHMM.zip'. */
const ARCHIVE_NAME_TAIL = String.raw`-backup-\d{4}-\d{2}-\d{2}-\d{4}\.zip$`;

/**
 * A website backup is marked on its document (issue 30), not recognised by its folder's name: a
 * backup is the website module's storage, so it does not count against the Free plan's document
 * limit, and a site keeps only its plan's number of backups (WEBSITE_BACKUPS_KEPT).
 * - "isWebsiteBackup": stays true when the site is removed (its backups stay in Documents and
 *   still do not count).
 * - "backupWebsiteId": the id of the site it backs up, for the retention. No foreign key:
 *   websites."backupDocumentId" points at documents, and a cycle of foreign keys has no order to
 *   load a backup file's tables in (backup/database-tables.ts). Website ids are an identity, never
 *   reused, so the id kept after the site is removed points at nothing else.
 * Existing backups are marked (markWebsiteBackups).
 */
export class MarkWebsiteBackupDocuments1795403000000 implements MigrationInterface {
  name = 'MarkWebsiteBackupDocuments1795403000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "documents" ADD "isWebsiteBackup" boolean NOT NULL DEFAULT false, ADD "backupWebsiteId" integer`,
    );
    await queryRunner.query(
      `ALTER TABLE "documents" ADD CONSTRAINT "CHK_documents_backupWebsiteId" CHECK ("backupWebsiteId" IS NULL OR "isWebsiteBackup")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_documents_backupWebsiteId" ON "documents" ("backupWebsiteId")`);

    await markWebsiteBackups((sql, parameters) => queryRunner.query(sql, parameters));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_documents_backupWebsiteId"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP CONSTRAINT "CHK_documents_backupWebsiteId"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "backupWebsiteId", DROP COLUMN "isWebsiteBackup"`);
  }
}

/**
 * Marks the backups written before the mark existed (idempotent): the one each site links to
 * (backupDocumentId), and the older ones the backup job wrote (its tag, type, category and archive
 * name), linked to the user's site whose host the name carries.
 */
export async function markWebsiteBackups(
  query: (sql: string, parameters?: unknown[]) => Promise<unknown>,
): Promise<void> {
  await query(
    `UPDATE documents d SET "isWebsiteBackup" = true
        WHERE d."mimeType" = 'application/zip' AND d."extractionStatus" = 'unsupported' AND d.category = 'Reference'
          AND d.tags @> ARRAY['website backup'] AND d."originalName" ~ $1`,
    [ARCHIVE_NAME_TAIL],
  );
  await query(
    `UPDATE documents d SET "backupWebsiteId" = site.id
         FROM (SELECT DISTINCT ON (d2.id) d2.id AS "documentId", w.id
                 FROM documents d2
                 JOIN websites w ON w."userId" = d2."userId"
                WHERE d2."isWebsiteBackup" AND d2."backupWebsiteId" IS NULL
                  AND d2."originalName" = regexp_replace(substring(w.url FROM '^https?://([^/?#]+)'), '[^\\w.-]+', '-', 'g')
                                          || substring(d2."originalName" FROM $1)
                ORDER BY d2.id, w.id DESC) site
        WHERE d.id = site."documentId"`,
    [ARCHIVE_NAME_TAIL],
  );
  // The latest backup of each site, whatever its name or tags say now.
  await query(
    `UPDATE documents d SET "isWebsiteBackup" = true, "backupWebsiteId" = w.id
         FROM websites w WHERE w."backupDocumentId" = d.id AND w."userId" = d."userId"`,
  );
}
