import type { CalendarProvider, SyncDirection } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';
import type { ProviderState } from './providers/provider-state';

@Entity('calendar_integrations')
@Check('CHK_calendar_integrations_provider', `"provider" IN ('google', 'icloud', 'outlook', 'caldav')`)
@Check('CHK_calendar_integrations_syncDirection', `"syncDirection" IN ('import', 'export', 'two_way')`)
export class CalendarIntegrationEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_calendar_integrations',
  })
  id!: number;

  @Index('IDX_calendar_integrations_userId')
  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_calendar_integrations_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 20 })
  provider!: CalendarProvider;

  @Column({ type: 'varchar', length: 200 })
  calendarName!: string;

  @Column({ type: 'boolean', default: true })
  syncEnabled!: boolean;

  @Column({ type: 'varchar', length: 10, default: 'two_way' })
  syncDirection!: SyncDirection;

  /** True from enqueue until the sync job ends (its JobOwner clears it). */
  @Column({ type: 'boolean', default: false })
  syncing!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  lastSyncAt!: Date | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  lastSyncError!: string | null;

  /** Encrypted (CredentialsCipher); never selected unless asked for, never returned or logged. */
  @Column({ type: 'text', select: false })
  credentials!: string;

  @Column({ type: 'jsonb' })
  providerState!: ProviderState;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
