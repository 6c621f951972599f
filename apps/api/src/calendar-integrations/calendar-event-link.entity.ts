import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CalendarIntegrationEntity } from './calendar-integration.entity';

/**
 * One local event paired with one remote event of an integration. The remote ETag and a hash of
 * the local fields as last synced tell which side changed since; a link whose remote event is
 * gone or whose local event is gone tells a deletion to carry over. No foreign key to events on
 * purpose (see the migration).
 */
@Entity('calendar_event_links')
@Unique('UQ_calendar_event_links_integrationId_remoteId', ['integrationId', 'remoteId'])
@Unique('UQ_calendar_event_links_integrationId_eventId', ['integrationId', 'eventId'])
export class CalendarEventLinkEntity {
  @PrimaryGeneratedColumn('identity', {
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName: 'PK_calendar_event_links',
  })
  id!: number;

  @Column({ type: 'integer' })
  integrationId!: number;

  @ManyToOne(() => CalendarIntegrationEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'integrationId', foreignKeyConstraintName: 'FK_calendar_event_links_integrationId' })
  integration?: CalendarIntegrationEntity;

  @Column({ type: 'integer' })
  eventId!: number;

  /** CalDAV: the object's URL; Google and Graph: the event id. */
  @Column({ type: 'varchar', length: 2000 })
  remoteId!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  remoteEtag!: string | null;

  /** sha256 of the synced fields of the local event when last in step with the remote. */
  @Column({ type: 'varchar', length: 64 })
  localHash!: string;
}
