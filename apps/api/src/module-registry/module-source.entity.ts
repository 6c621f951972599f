import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** An admin's override of where a module's remote is loaded from; no row means the configured default. */
@Entity('module_sources')
export class ModuleSourceEntity {
  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_module_sources' })
  moduleId!: string;

  @Column({ type: 'varchar', length: 2000 })
  manifestUrl!: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
