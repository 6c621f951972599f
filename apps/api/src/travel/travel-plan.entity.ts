import type {
  TravelChecklist,
  TravelExpenses,
  TravelGenerationStatus,
  TravelItinerary,
  TravelPreferences,
  TravelRecommendations,
} from '@aide/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../users/user.entity';

/** numeric comes back from pg as text; amounts are plain numbers in the app. */
const numericAmount = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * The parts the user arranges (budget categories, checklist and expense categories, itinerary days
 * by name) are `json`, not `jsonb`: json keeps an object's keys in the order written, so they come
 * back in the user's order (jsonb sorts them by length).
 */
@Entity('travel_plans')
@Check('CHK_travel_plans_dates', `"endDate" >= "startDate"`)
@Check('CHK_travel_plans_generationStatus', `"generationStatus" IN ('pending', 'in_progress', 'completed', 'failed')`)
@Check('CHK_travel_plans_progress', `"progress" BETWEEN 0 AND 100`)
@Check('CHK_travel_plans_budget', `"budget" IS NULL OR "budget" >= 0`)
// The screen: a user's plans by start date.
@Index('IDX_travel_plans_userId_startDate', ['userId', 'startDate'])
export class TravelPlanEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_travel_plans' })
  id!: number;

  @Column({ type: 'integer' })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_travel_plans_userId' })
  user?: User;

  @Column({ type: 'varchar', length: 200 })
  destination!: string;

  /** 'YYYY-MM-DD' (pg `date` is read as text, so no timezone shifts it). */
  @Column({ type: 'date' })
  startDate!: string;

  @Column({ type: 'date' })
  endDate!: string;

  /** The user marked the trip booked; the status shown is travelStatus(booked, dates, today). */
  @Column({ type: 'boolean', default: false })
  booked!: boolean;

  @Column({ type: 'jsonb' })
  preferences!: TravelPreferences;

  /** Total budget in USD the user set (preferences or the budget editor); null when none (the breakdown is then an estimate). */
  @Column({ type: 'numeric', precision: 12, scale: 2, nullable: true, transformer: numericAmount })
  budget!: number | null;

  @Column({ type: 'json', nullable: true })
  budgetBreakdown!: Record<string, number> | null;

  @Column({ type: 'json', nullable: true })
  itinerary!: TravelItinerary | null;

  /** The user's actual spending; the total is always the sum of the items (written by the server). */
  @Column({ type: 'json', default: () => `'{"total":0,"categories":{}}'` })
  expenses!: TravelExpenses;

  @Column({ type: 'json', nullable: true })
  checklist!: TravelChecklist | null;

  @Column({ type: 'json', nullable: true })
  recommendations!: TravelRecommendations | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  generationStatus!: TravelGenerationStatus;

  @Column({ type: 'smallint', default: 0 })
  progress!: number;

  /** What the generation is doing now, for the card; null when it is not running. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  stage!: string | null;

  /** Why the last generation failed, readable (never a stack). */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  generationError!: string | null;

  /** How the content was written ('offline:template:travel.plan', or the model's). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  generationMethod!: string | null;

  /**
   * Which generation the row belongs to: a regeneration (or an edit of the trip's details while one
   * is still running) increments it, and a job whose run is no longer the row's writes nothing.
   */
  @Column({ type: 'integer', default: 1 })
  run!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
