import type { FolderColor } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

@Entity('document_folders')
@Check('CHK_document_folders_color', `"color" IN ('blue', 'green', 'purple', 'orange', 'red', 'gray')`)
// One name per parent and user: Root's folders have a null parent, so the index coalesces it to 0.
@Index('UQ_document_folders_userId_parent_name', { synchronize: false })
@Index('IDX_document_folders_userId', ['userId'])
export class DocumentFolderEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_document_folders' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_document_folders_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 10, default: 'blue' })
  color!: FolderColor;

  /** null: at Root. Deleting a folder moves its subfolders and documents to its parent first (documents.service). */
  @Column({ type: 'integer', nullable: true })
  parentFolderId!: number | null;

  @ManyToOne(() => DocumentFolderEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'parentFolderId', foreignKeyConstraintName: 'FK_document_folders_parentFolderId' })
  parentFolder?: DocumentFolderEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
