import type { AttachmentType, SenderMatch } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DocumentFolderEntity } from '../../documents/document-folder.entity';
import { User } from '../../users/user.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';

/** A rule filing the attachments of new mail into Documents (migration 1795401200000). */
@Entity('attachment_rules')
@Check('CHK_attachment_rules_senderMatch', `"senderMatch" IN ('contains', 'equals')`)
@Check('CHK_attachment_rules_attachmentType', `"attachmentType" IN ('pdf', 'images', 'any')`)
@Index('IDX_attachment_rules_userId', ['userId'])
export class AttachmentRuleEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_attachment_rules' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_attachment_rules_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Compared with the From header; null: any sender. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  sender!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'contains' })
  senderMatch!: SenderMatch;

  @Column({ type: 'varchar', length: 200, nullable: true })
  subjectContains!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'any' })
  attachmentType!: AttachmentType;

  /** Only this account's mail; null: every account. */
  @Column({ type: 'integer', nullable: true })
  integrationId!: number | null;

  @ManyToOne(() => EmailIntegrationEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'integrationId', foreignKeyConstraintName: 'FK_attachment_rules_integrationId' })
  integration?: EmailIntegrationEntity;

  /** null: the Documents root. */
  @Column({ type: 'integer', nullable: true })
  folderId!: number | null;

  @ManyToOne(() => DocumentFolderEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'folderId', foreignKeyConstraintName: 'FK_attachment_rules_folderId' })
  folder?: DocumentFolderEntity;

  @Column({ type: 'varchar', length: 50, nullable: true })
  tag!: string | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'integer', default: 0 })
  filedCount!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
