import { randomUUID } from 'node:crypto';
import {
  type CreateFolderPayload,
  DOCUMENT_LIMITS,
  DOCUMENT_MESSAGES,
  type DocumentFolder,
  type UpdateFolderPayload,
} from '@aide/contracts';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation } from '../common/db-errors.util';
import { toDocumentFolder } from './document.mapper';
import type { DocumentFolderEntity } from './document-folder.entity';

/** Key space of the per-user folder-tree lock (two-int advisory lock: this, the user id). */
const FOLDER_TREE_LOCK_SPACE = 0x64666c64; // 'dfld'

type FolderRow = Pick<DocumentFolderEntity, 'id' | 'name' | 'color' | 'parentFolderId' | 'createdAt'> & {
  documentCount: number;
};

const FOLDER_SELECT = `f.id, f.name, f.color, f."parentFolderId", f."createdAt",
  (SELECT count(*) FROM documents d WHERE d."userId" = f."userId" AND d."folderId" = f.id)::int AS "documentCount"`;

/**
 * `name`, or the first of 'name (2)', 'name (3)'… that no name in `taken` (lower-cased) has,
 * shortened to fit the folder name limit.
 */
export function freeFolderName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = name.slice(0, DOCUMENT_LIMITS.folderNameMax - suffix.length).trimEnd() + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * The document folders of one user, nested by parentFolderId (null: Root). Names are unique among
 * siblings, case-insensitively (UQ_document_folders_userId_parent_name). Moves and deletions of
 * one user's folders take a per-user lock, so two of them cannot together make a cycle.
 */
@Injectable()
export class DocumentFoldersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every folder of the user (the screen builds the tree), by name, with its direct documents' count. */
  async list(userId: number): Promise<DocumentFolder[]> {
    const rows = await this.dataSource.query<FolderRow[]>(
      `SELECT ${FOLDER_SELECT} FROM document_folders f WHERE f."userId" = $1 ORDER BY lower(f.name), f.id`,
      [userId],
    );
    return rows.map(toDocumentFolder);
  }

  /** 404 for a parent that is not the user's, 409 for a sibling of the same name. */
  async create(userId: number, input: CreateFolderPayload): Promise<DocumentFolder> {
    return this.conflictsAsFolderExists(() =>
      this.dataSource.transaction(async (manager) => {
        if (input.parentFolderId !== null)
          await this.lockFolder(manager, userId, input.parentFolderId, 'FOR KEY SHARE');
        const [{ id }] = await manager.query<{ id: number }[]>(
          `INSERT INTO document_folders ("userId", name, color, "parentFolderId") VALUES ($1, $2, $3, $4) RETURNING id`,
          [userId, input.name, input.color, input.parentFolderId],
        );
        return this.get(manager, userId, id);
      }),
    );
  }

  /**
   * Renames, recolours or moves (parentFolderId; null: Root). 404 for a folder or new parent that is
   * not the user's; 400 when the new parent is the folder itself or one of its subfolders; 409 for
   * a sibling of the same name.
   */
  async update(userId: number, id: number, changes: UpdateFolderPayload): Promise<DocumentFolder> {
    return this.conflictsAsFolderExists(() =>
      this.dataSource.transaction(async (manager) => {
        const moving = changes.parentFolderId !== undefined;
        if (moving) await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [FOLDER_TREE_LOCK_SPACE, userId]);
        const folder = await this.lockFolder(manager, userId, id, 'FOR UPDATE');
        const parentFolderId = changes.parentFolderId;
        if (parentFolderId !== undefined && parentFolderId !== null && parentFolderId !== folder.parentFolderId) {
          await this.lockFolder(manager, userId, parentFolderId, 'FOR KEY SHARE');
          // The new parent's chain of ancestors (itself first) must not pass through the folder.
          const [cycle] = await manager.query(
            `WITH RECURSIVE up(id, "parentFolderId") AS (
               SELECT id, "parentFolderId" FROM document_folders WHERE id = $1 AND "userId" = $3
               UNION
               SELECT f.id, f."parentFolderId" FROM document_folders f JOIN up ON f.id = up."parentFolderId" WHERE f."userId" = $3
             )
             SELECT 1 FROM up WHERE id = $2`,
            [parentFolderId, id, userId],
          );
          if (cycle) throw new BadRequestException(DOCUMENT_MESSAGES.folderCycle);
        }
        const set: string[] = [];
        const params: unknown[] = [id, userId];
        if (changes.name !== undefined) set.push(`name = $${params.push(changes.name)}`);
        if (changes.color !== undefined) set.push(`color = $${params.push(changes.color)}`);
        if (moving) set.push(`"parentFolderId" = $${params.push(parentFolderId)}`);
        if (set.length > 0)
          await manager.query(`UPDATE document_folders SET ${set.join(', ')} WHERE id = $1 AND "userId" = $2`, params);
        return this.get(manager, userId, id);
      }),
    );
  }

  /**
   * Deletes a folder, keeping what it held: its documents and subfolders move to its parent (or
   * Root), all in one transaction. A subfolder whose name a folder there already has is renamed
   * 'name (2)' (or the next free number). 404 if not the user's.
   */
  async remove(userId: number, id: number): Promise<void> {
    await this.conflictsAsFolderExists(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [FOLDER_TREE_LOCK_SPACE, userId]);
        // FOR UPDATE: uploads and moves into it (FOR KEY SHARE) wait, then find it gone.
        const folder = await this.lockFolder(manager, userId, id, 'FOR UPDATE');
        const parent = folder.parentFolderId;
        await manager.query(`UPDATE documents SET "folderId" = $1 WHERE "folderId" = $2 AND "userId" = $3`, [
          parent,
          id,
          userId,
        ]);

        const children = await manager.query<{ id: number; name: string }[]>(
          `SELECT id, name FROM document_folders WHERE "parentFolderId" = $1 AND "userId" = $2 ORDER BY id`,
          [id, userId],
        );
        if (children.length > 0) {
          // The folder keeps its name until it is deleted below: give it one no subfolder can clash with.
          await manager.query(`UPDATE document_folders SET name = $1 WHERE id = $2`, [`\u0001${randomUUID()}`, id]);
          const siblings = await manager.query<{ name: string }[]>(
            `SELECT lower(name) AS name FROM document_folders WHERE "userId" = $1 AND "parentFolderId" IS NOT DISTINCT FROM $2 AND id <> $3`,
            [userId, parent, id],
          );
          const taken = new Set(siblings.map((sibling) => sibling.name));
          for (const child of children) {
            const name = freeFolderName(child.name, taken);
            taken.add(name.toLowerCase());
            await manager.query(`UPDATE document_folders SET "parentFolderId" = $1, name = $2 WHERE id = $3`, [
              parent,
              name,
              child.id,
            ]);
          }
        }
        await manager.query(`DELETE FROM document_folders WHERE id = $1 AND "userId" = $2`, [id, userId]);
      }),
    );
  }

  private async get(manager: EntityManager, userId: number, id: number): Promise<DocumentFolder> {
    const [row] = await manager.query<FolderRow[]>(
      `SELECT ${FOLDER_SELECT} FROM document_folders f WHERE f.id = $1 AND f."userId" = $2`,
      [id, userId],
    );
    if (!row) throw new NotFoundException(DOCUMENT_MESSAGES.folderNotFound);
    return toDocumentFolder(row);
  }

  /** The user's folder `id`, row-locked; 404 (folderNotFound) if it is not the user's. */
  private async lockFolder(manager: EntityManager, userId: number, id: number, lock: 'FOR UPDATE' | 'FOR KEY SHARE') {
    const [folder] = await manager.query<{ id: number; parentFolderId: number | null }[]>(
      `SELECT id, "parentFolderId" FROM document_folders WHERE id = $1 AND "userId" = $2 ${lock}`,
      [id, userId],
    );
    if (!folder) throw new NotFoundException(DOCUMENT_MESSAGES.folderNotFound);
    return folder;
  }

  /** A unique violation on the sibling-name index answers 409 folderExists. */
  private async conflictsAsFolderExists<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(DOCUMENT_MESSAGES.folderExists);
      throw error;
    }
  }
}
