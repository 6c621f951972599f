import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/** The document search vector's expression as this migration created it (documents/document-search-vector.ts must match). */
const DOCUMENT_SEARCH_VECTOR =
  `setweight(to_tsvector('simple', coalesce("originalName", '')), 'A') || ` +
  `setweight(to_tsvector('simple', documents_tags_text("tags")), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("summary", '')), 'B') || ` +
  `setweight(to_tsvector('simple', left(coalesce("content", ''), 200000)), 'C')`;

/**
 * A user's document folders (nested by parentFolderId) and documents (removed with the user). The
 * bytes live in the document store (documents/storage), a row names them by `storageKey`. A folder
 * name is unique among its siblings. Documents are searched by a generated tsvector over name, tags,
 * summary and extracted text with a GIN index.
 */
export class CreateDocuments1795294500000 implements MigrationInterface {
  name = 'CreateDocuments1795294500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "document_folders" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "name" character varying(100) NOT NULL,
        "color" character varying(10) NOT NULL DEFAULT 'blue',
        "parentFolderId" integer,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_document_folders" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_document_folders_color" CHECK ("color" IN ('blue', 'green', 'purple', 'orange', 'red', 'gray')),
        CONSTRAINT "FK_document_folders_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_document_folders_parentFolderId" FOREIGN KEY ("parentFolderId") REFERENCES "document_folders" ("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(`CREATE INDEX "IDX_document_folders_userId" ON "document_folders" ("userId")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_document_folders_userId_parent_name" ON "document_folders" ("userId", coalesce("parentFolderId", 0), lower("name"))`,
    );
    await queryRunner.query(`
      CREATE TABLE "documents" (
        "id" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
        "userId" integer NOT NULL,
        "folderId" integer,
        "originalName" character varying(255) NOT NULL,
        "mimeType" character varying(255) NOT NULL,
        "size" bigint NOT NULL,
        "storageKey" character varying(500) NOT NULL,
        "sha256" character(64) NOT NULL,
        "category" character varying(20),
        "tags" text array NOT NULL DEFAULT '{}',
        "summary" text,
        "content" text,
        "extractionStatus" character varying(20) NOT NULL DEFAULT 'pending',
        "extractionError" character varying(1000),
        "isArchived" boolean NOT NULL DEFAULT false,
        "uploadedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_documents" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_documents_category" CHECK ("category" IN ('Work', 'Personal', 'Legal', 'Financial', 'Medical', 'Education', 'Reference')),
        CONSTRAINT "CHK_documents_extractionStatus" CHECK ("extractionStatus" IN ('pending', 'done', 'failed', 'unsupported')),
        CONSTRAINT "CHK_documents_size" CHECK ("size" >= 0),
        CONSTRAINT "FK_documents_userId" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "FK_documents_folderId" FOREIGN KEY ("folderId") REFERENCES "document_folders" ("id") ON DELETE SET NULL
      )
    `);
    await queryRunner.query(
      `CREATE INDEX "IDX_documents_userId_folderId_uploadedAt" ON "documents" ("userId", "folderId", "uploadedAt")`,
    );
    // array_to_string is STABLE in Postgres; over text[] it cannot change, so this wrapper may be IMMUTABLE.
    await queryRunner.query(
      `CREATE FUNCTION documents_tags_text(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce(array_to_string($1, ' '), '') $$`,
    );
    await queryRunner.addColumn(
      'documents',
      new TableColumn({
        name: 'searchVector',
        type: 'tsvector',
        isNullable: true,
        generatedType: 'STORED',
        asExpression: DOCUMENT_SEARCH_VECTOR,
      }),
    );
    await queryRunner.query(`CREATE INDEX "IDX_documents_searchVector" ON "documents" USING gin ("searchVector")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_documents_searchVector"`);
    await queryRunner.dropColumn('documents', 'searchVector');
    await queryRunner.query(`DROP FUNCTION documents_tags_text(text[])`);
    await queryRunner.query(`DROP TABLE "documents"`);
    await queryRunner.query(`DROP TABLE "document_folders"`);
  }
}
