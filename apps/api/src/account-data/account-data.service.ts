import { PassThrough, type Readable } from 'node:stream';
import {
  ACCOUNT_DELETION_MESSAGES,
  type AccountSummary,
  type DeleteAccountInput,
  planAllowsSelfDeletion,
} from '@aide/contracts';
import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { verify } from 'argon2';
import type * as Fflate from 'fflate';
import { DataSource, type EntityManager, type EntityMetadata } from 'typeorm';
import { SessionRegistryService } from '../account/session-registry.service';
import { DocumentEntity } from '../documents/document.entity';
import { DOCUMENT_STORE, type DocumentStore } from '../documents/storage/document-store';
import { User } from '../users/user.entity';
import { ROLE_CHANGE_LOCK, USER_NOT_FOUND } from '../users/users.service';
import { EXCLUDED_TABLES, redactRow } from './export-redaction';

/** fflate, required on the first export rather than when the API starts. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
const fflate = () => require('fflate') as typeof Fflate;

/** A table holding the user's rows, found from TypeORM's metadata: every entity with a userId column. */
export interface UserTable {
  metadata: EntityMetadata;
  tableName: string;
  /** The userId column's property path ('userId', or a relation's name when only the relation declares it). */
  userIdProperty: string;
}

/** Every entity with a "userId" column (the export then skips EXCLUDED_TABLES; deletion does not). */
export function userTables(dataSource: DataSource): UserTable[] {
  return dataSource.entityMetadatas
    .flatMap((metadata) => {
      const column = metadata.columns.find((c) => c.databaseName === 'userId');
      return column ? [{ metadata, tableName: metadata.tableName, userIdProperty: column.propertyPath }] : [];
    })
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
}

const safeFileName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'file';

/**
 * "Export my data" and "delete my account". Both discover the user's tables from the entity
 * metadata, so a module added later is exported and deleted without a change here.
 */
@Injectable()
export class AccountDataService {
  private readonly logger = new Logger('AccountData');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionRegistryService,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
  ) {}

  summary(user: User): AccountSummary {
    return { hasPassword: user.passwordHash !== null, canDeleteSelf: planAllowsSelfDeletion(user.plan) };
  }

  /**
   * A zip, streamed as it is built: account.json (the user row), one <table>.json per table with
   * a userId column (secret columns and tables left out, see export-redaction.ts), and each
   * document's stored file under documents/files/.
   */
  export(userId: number): Readable {
    const { strToU8, Zip, ZipDeflate } = fflate();
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) return out.destroy(error);
      out.write(chunk);
      if (final) out.end();
    });
    const addJson = (name: string, value: unknown) => {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(strToU8(JSON.stringify(value, null, 2)), true);
    };
    void (async () => {
      const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
      if (!user) throw new NotFoundException(USER_NOT_FOUND);
      addJson('account.json', redactRow({ ...user }));
      const documents: DocumentEntity[] = [];
      for (const { metadata, tableName, userIdProperty } of userTables(this.dataSource)) {
        if (EXCLUDED_TABLES.has(tableName)) continue;
        const rows = (await this.dataSource
          .getRepository(metadata.target)
          .createQueryBuilder('row')
          .where(`row.${userIdProperty} = :userId`, { userId })
          .orderBy(
            metadata.primaryColumns.length ? `row.${metadata.primaryColumns[0].propertyPath}` : `row.${userIdProperty}`,
          )
          .getMany()) as Record<string, unknown>[];
        if (metadata.target === DocumentEntity) documents.push(...(rows as unknown as DocumentEntity[]));
        addJson(
          `${tableName}.json`,
          rows.map((row) => redactRow({ ...row })),
        );
      }
      for (const document of documents) await this.addDocumentFile(zip, out, document);
      zip.end();
    })().catch((error: unknown) => {
      this.logger.error(`Export for user ${userId} failed: ${error instanceof Error ? error.message : String(error)}`);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return out;
  }

  /** Checks the confirmation and the rules, then deletes every row and file of the user. */
  async deleteAccount(user: User, confirmation: DeleteAccountInput): Promise<void> {
    if (!planAllowsSelfDeletion(user.plan)) throw new ForbiddenException(ACCOUNT_DELETION_MESSAGES.planForbids);
    if (user.passwordHash) {
      if (!confirmation.password || !(await verify(user.passwordHash, confirmation.password)))
        throw new ForbiddenException(ACCOUNT_DELETION_MESSAGES.wrongPassword);
    } else if ((confirmation.email ?? '').trim().toLowerCase() !== user.email) {
      throw new ForbiddenException(ACCOUNT_DELETION_MESSAGES.wrongEmail);
    }
    const storageKeys = await this.dataSource.transaction(async (manager) => {
      // The lock role changes take: two admins deleting themselves at once cannot leave none.
      await manager.query('SELECT pg_advisory_xact_lock($1)', [ROLE_CHANGE_LOCK]);
      const current = await manager.findOneBy(User, { id: user.id });
      if (!current) throw new NotFoundException(USER_NOT_FOUND);
      if (current.role === 'admin' && (await manager.countBy(User, { role: 'admin' })) <= 1)
        throw new ConflictException(ACCOUNT_DELETION_MESSAGES.lastAdmin);
      const keys = (
        await manager.find(DocumentEntity, { where: { userId: user.id }, select: { id: true, storageKey: true } })
      ).map((d) => d.storageKey);
      await this.deleteRows(manager, user.id);
      return keys;
    });
    for (const key of storageKeys) {
      await this.store
        .delete(key)
        .catch((error: unknown) =>
          this.logger.warn(
            `Could not delete a stored file of a deleted account: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    }
  }

  /**
   * Deletes the user's rows from every table with a userId column, then the user and their
   * sessions. Tables are tried in passes, each delete in a savepoint: one refused because another
   * of the user's rows still points at it is retried after the others (no order to maintain).
   */
  private async deleteRows(manager: EntityManager, userId: number): Promise<void> {
    let pending = userTables(this.dataSource).map((t) => t.tableName);
    for (let pass = 0; pending.length > 0; pass += 1) {
      const failed: string[] = [];
      let lastError: unknown;
      for (const table of pending) {
        await manager.query('SAVEPOINT delete_user_rows');
        try {
          await manager.query(`DELETE FROM "${table}" WHERE "userId" = $1`, [userId]);
          await manager.query('RELEASE SAVEPOINT delete_user_rows');
        } catch (error) {
          await manager.query('ROLLBACK TO SAVEPOINT delete_user_rows');
          failed.push(table);
          lastError = error;
        }
      }
      if (failed.length === pending.length) throw lastError;
      pending = failed;
    }
    await manager.delete(User, { id: userId });
    // Signed-in sessions and half-signed-in ones (waiting for a 2FA code), in this transaction.
    await this.sessions.endAll(userId, undefined, manager);
  }

  private async addDocumentFile(zip: Fflate.Zip, out: PassThrough, document: DocumentEntity): Promise<void> {
    let body: Readable;
    try {
      body = await this.store.get(document.storageKey);
    } catch (error) {
      this.logger.warn(
        `Export: document ${document.id}'s file is missing: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    const file = new (fflate().ZipPassThrough)(`documents/files/${document.id}-${safeFileName(document.originalName)}`);
    zip.add(file);
    for await (const chunk of body) {
      file.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string));
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    file.push(new Uint8Array(0), true);
  }
}
