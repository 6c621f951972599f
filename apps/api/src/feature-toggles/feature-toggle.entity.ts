import { FEATURE_TOGGLE_LIMITS, type UserPlan } from '@aide/contracts';
import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('feature_toggles')
@Unique('UQ_feature_toggles_name', ['name'])
@Check('CHK_feature_toggles_planRequired', `"planRequired" IN ('free', 'premium', 'enterprise')`)
export class FeatureToggleEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_feature_toggles' })
  id!: number;

  /** e.g. 'module.organiser'. */
  @Column({ type: 'varchar', length: FEATURE_TOGGLE_LIMITS.name })
  name!: string;

  @Column({ type: 'varchar', length: FEATURE_TOGGLE_LIMITS.description, nullable: true })
  description!: string | null;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ type: 'varchar', length: 20, default: 'free' })
  planRequired!: UserPlan;

  @Column({ type: 'boolean', default: false })
  adminOnly!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
