import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { User } from '../users/user.entity';

/** A user's secret iCalendar feed token: whoever holds the URL can read the user's events. */
@Entity('calendar_feeds')
@Unique('UQ_calendar_feeds_token', ['token'])
export class CalendarFeedEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_calendar_feeds' })
  userId!: number;

  // ManyToOne, not OneToOne: the primary key already makes it one row per user.
  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_calendar_feeds_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 64 })
  token!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
