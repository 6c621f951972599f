import {
  type DailyBriefingDelivery,
  type DashboardLayout,
  PROFILE_DEFAULTS,
  PROFILE_LIMITS,
  type ProfileLanguage,
  type ProfileTimezone,
  type ThemePreference,
} from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

/**
 * A user's preferences, one row per user, created by their first PATCH /api/profile. Until then
 * GET answers the spec's defaults, which are also the column defaults.
 */
@Entity('profiles')
@Check('CHK_profiles_dailyBriefing', `"dailyBriefing" IN ('off', 'notification', 'email')`)
export class ProfileEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_profiles' })
  userId!: number;

  // ManyToOne, not OneToOne: the primary key already makes it one row per user (no extra unique constraint).
  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_profiles_userId' })
  user?: User;

  @Column({ type: 'varchar', length: PROFILE_LIMITS.bio, nullable: true })
  bio!: string | null;

  @Column({ type: 'varchar', length: PROFILE_LIMITS.location, nullable: true })
  location!: string | null;

  @Column({ type: 'varchar', length: 50, default: PROFILE_DEFAULTS.timezone })
  timezone!: ProfileTimezone;

  @Column({ type: 'varchar', length: 10, default: PROFILE_DEFAULTS.language })
  language!: ProfileLanguage;

  @Column({ type: 'varchar', length: 10, default: PROFILE_DEFAULTS.theme })
  theme!: ThemePreference;

  @Column({ type: 'boolean', default: PROFILE_DEFAULTS.emailNotifications })
  emailNotifications!: boolean;

  @Column({ type: 'boolean', default: PROFILE_DEFAULTS.pushNotifications })
  pushNotifications!: boolean;

  @Column({ type: 'boolean', default: PROFILE_DEFAULTS.weeklyDigest })
  weeklyDigest!: boolean;

  @Column({ type: 'boolean', default: PROFILE_DEFAULTS.marketingEmails })
  marketingEmails!: boolean;

  /** Minutes before an event's start its default reminder comes; null: no default reminder. */
  @Column({ type: 'integer', nullable: true, default: PROFILE_DEFAULTS.eventReminderMinutes })
  eventReminderMinutes!: number | null;

  /** The morning briefing's delivery: 'off', 'notification' or 'email' (migration AddDailyBriefingPreferences). */
  @Column({ type: 'varchar', length: 20, default: PROFILE_DEFAULTS.dailyBriefing })
  dailyBriefing!: DailyBriefingDelivery;

  /** When the morning briefing comes, 'HH:mm' in the profile's timezone. */
  @Column({ type: 'varchar', length: 5, default: PROFILE_DEFAULTS.briefingTime })
  briefingTime!: string;

  /** The dashboard's saved card order and hidden cards; null: the default layout. */
  @Column({ type: 'jsonb', nullable: true })
  dashboardLayout!: DashboardLayout | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
