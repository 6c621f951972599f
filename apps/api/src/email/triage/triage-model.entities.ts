import type { EmailCategory, EmailPriority } from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../../users/user.entity';
import { EmailEntity } from '../email.entity';

/** The two things triage decides, each with its own model. */
export type TriageFacet = 'priority' | 'category';

/**
 * n(t, c) of a user's naive Bayes model (naive-bayes.ts): how much weight token t was learnt with
 * under label c of a facet. Rows whose count falls to 0 (a correction undone) are deleted.
 */
@Entity('email_triage_tokens')
@Check('CHK_email_triage_tokens_facet', `"facet" IN ('priority', 'category')`)
export class EmailTriageTokenEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_email_triage_tokens' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_email_triage_tokens_userId' })
  user?: User;

  @PrimaryColumn({ type: 'varchar', length: 10, primaryKeyConstraintName: 'PK_email_triage_tokens' })
  facet!: TriageFacet;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_email_triage_tokens' })
  token!: string;

  @PrimaryColumn({ type: 'varchar', length: 20, primaryKeyConstraintName: 'PK_email_triage_tokens' })
  label!: string;

  @Column({ type: 'integer' })
  count!: number;
}

/** Per user, facet and label: messages learnt (documents) and token weight learnt (N(c)). */
@Entity('email_triage_labels')
@Check('CHK_email_triage_labels_facet', `"facet" IN ('priority', 'category')`)
export class EmailTriageLabelEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_email_triage_labels' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_email_triage_labels_userId' })
  user?: User;

  @PrimaryColumn({ type: 'varchar', length: 10, primaryKeyConstraintName: 'PK_email_triage_labels' })
  facet!: TriageFacet;

  @PrimaryColumn({ type: 'varchar', length: 20, primaryKeyConstraintName: 'PK_email_triage_labels' })
  label!: string;

  @Column({ type: 'integer' })
  documents!: number;

  @Column({ type: 'integer' })
  tokens!: number;
}

/**
 * What was learnt from one email the user labelled ('Edit Priority & Category'): its labels and
 * the tokens as learnt, so a second correction of the same email first takes the first one back
 * exactly (even if the tokeniser changed in between). Goes with the email; what it taught stays.
 */
@Entity('email_triage_corrections')
export class EmailTriageCorrectionEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_email_triage_corrections' })
  emailId!: number;

  @ManyToOne(() => EmailEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'emailId', foreignKeyConstraintName: 'FK_email_triage_corrections_emailId' })
  email?: EmailEntity;

  @Index('IDX_email_triage_corrections_userId')
  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_email_triage_corrections_userId' })
  user?: User;

  /** Null: that facet was not learnt from this email (e.g. category set to none). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  priority!: EmailPriority | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  category!: EmailCategory | null;

  /** token → weight, as learnt. */
  @Column({ type: 'jsonb' })
  tokens!: Record<string, number>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
