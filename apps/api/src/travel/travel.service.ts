import {
  budgetFromText,
  checkTripDates,
  type CreateTravelPlan,
  localDate,
  TRAVEL_MESSAGES,
  type TravelChecklist,
  type TravelExpenses,
  type TravelItinerary,
  type TravelPlan,
  type TravelPreferences,
  travelPlanEditable,
  travelStatus,
  type UpdateTravelPlan,
} from '@aide/contracts';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { type Booking, withBookingActivity, withBookingExpense } from './itinerary-bookings';
import { TravelGenerationService, WAITING_STAGE } from './travel-generation.service';
import { TravelPlanEntity } from './travel-plan.entity';
import { toTravelPlan } from './travel-plan.mapper';

/** Spec §5 (profile): the timezone defaults to UTC, also for users who never saved a profile. */
const DEFAULT_TIMEZONE = 'UTC';

type PlanChanges = QueryDeepPartialEntity<TravelPlanEntity>;

/** What an edit does to a plan: the columns to write, and whether its generation starts again. */
interface Edit {
  changes: PlanChanges;
  regenerate?: boolean;
}

const generating = (row: TravelPlanEntity) =>
  row.generationStatus === 'pending' || row.generationStatus === 'in_progress';

/**
 * The user's travel plans: create, list, edit (the plan and each of its parts), book, regenerate
 * and delete. Every query is scoped to the user id given.
 *
 * Each change runs in a transaction holding the plan's row lock, so its checks and its write see
 * the same row: the edit check (spec §2: planning, or ongoing and not ended, on today's date in the
 * user's timezone), and whether the generation job is still writing the parts (its writes wait for
 * the lock and are conditional on the run, see travel-generation.service.ts).
 */
@Injectable()
export class TravelService {
  constructor(
    @InjectRepository(TravelPlanEntity) private readonly plans: Repository<TravelPlanEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly generation: TravelGenerationService,
  ) {}

  /** DECISIONS §Identity: a user id in a path or body must be the signed-in user's; `message` says what was refused. */
  assertOwnUserId(userId: number, claimed: number | undefined, message: string = TRAVEL_MESSAGES.otherUser): void {
    if (claimed !== undefined && claimed !== userId) throw new ForbiddenException(message);
  }

  /** By start date, then in the order they were made. */
  async list(userId: number): Promise<TravelPlan[]> {
    const [rows, today] = await Promise.all([
      this.plans.find({ where: { userId }, order: { startDate: 'ASC', id: 'ASC' } }),
      this.today(userId),
    ]);
    return rows.map((row) => toTravelPlan(row, today));
  }

  /** Saves the plan with its generation pending, queues the generation and answers at once. */
  async create(userId: number, input: CreateTravelPlan): Promise<TravelPlan> {
    const { id } = await this.plans.save(
      this.plans.create({
        userId,
        destination: input.destination,
        startDate: input.startDate,
        endDate: input.endDate,
        preferences: input.preferences,
        budget: budgetFromText(input.preferences.budget),
        generationStatus: 'pending',
        progress: 0,
        stage: WAITING_STAGE,
      }),
    );
    // Answered as saved (pending): read before queueing, as a worker may start on it at once.
    const plan = toTravelPlan(await this.plans.findOneByOrFail({ id }), await this.today(userId));
    await this.generation.queue(userId, id);
    return plan;
  }

  /**
   * Spec §7: the create fields, any of them; the dates are checked together with the stored ones.
   * While the generation has not finished it starts again with the new details; once it has, a
   * new budget text with a number becomes the budget (the breakdown stays; the editor warns).
   */
  update(userId: number, id: number, input: UpdateTravelPlan): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      const startDate = input.startDate ?? row.startDate;
      const endDate = input.endDate ?? row.endDate;
      const problem = checkTripDates(startDate, endDate);
      if (problem) throw new BadRequestException(problem);
      const preferences = input.preferences ?? row.preferences;
      const details = { destination: input.destination ?? row.destination, startDate, endDate, preferences };
      if (generating(row)) return { changes: { ...details, ...this.restart(row, preferences) }, regenerate: true };
      const budget =
        input.preferences && input.preferences.budget !== row.preferences.budget
          ? budgetFromText(input.preferences.budget)
          : null;
      return { changes: { ...details, ...(budget !== null && { budget }) } };
    });
  }

  /** The edit check applies (spec §2: Delete shows only when it passes); a generation still running stops at its next write. */
  async remove(userId: number, id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.lock(manager.getRepository(TravelPlanEntity), userId, id);
      this.assertEditable(row, await this.today(userId));
      await manager.delete(TravelPlanEntity, { id, userId });
    });
  }

  setItinerary(userId: number, id: number, itinerary: TravelItinerary): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      this.assertGenerated(row);
      return { changes: { itinerary } };
    });
  }

  /**
   * A booking from a confirmation email joins the trip: its activity on its day (the itinerary as a
   * days list, as the editor saves it) and its cost in the expenses, both keeping the email's id.
   * The edit check applies, and the generation must have finished (it writes the itinerary).
   */
  addBooking(userId: number, id: number, booking: Booking): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      this.assertGenerated(row);
      return {
        changes: {
          itinerary: withBookingActivity(row.itinerary, row, booking),
          expenses: withBookingExpense(row.expenses, booking),
        },
      };
    });
  }

  /** The user's own spending: allowed while the plan is being generated (the job never writes it). The total is the items' sum (the schema's). */
  setExpenses(userId: number, id: number, expenses: TravelExpenses): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      return { changes: { expenses } };
    });
  }

  setChecklist(userId: number, id: number, checklist: TravelChecklist): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      this.assertGenerated(row);
      return { changes: { checklist } };
    });
  }

  setBudget(userId: number, id: number, budget: number, budgetBreakdown: Record<string, number>): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      this.assertGenerated(row);
      return { changes: { budget, budgetBreakdown } };
    });
  }

  /** Spec §2/§4: clicking an item toggles it, whatever the plan's status (a checklist is ticked off on the trip too). */
  toggleChecklistItem(
    userId: number,
    id: number,
    toggle: { category: string; itemIndex: number; completed: boolean },
  ): Promise<TravelPlan> {
    return this.edit(userId, id, (row) => {
      const items =
        row.checklist && Object.hasOwn(row.checklist, toggle.category) ? row.checklist[toggle.category] : undefined;
      if (!items || toggle.itemIndex >= items.length)
        throw new NotFoundException(TRAVEL_MESSAGES.checklistItemNotFound);
      const updated = items.map((item, index) =>
        index === toggle.itemIndex ? { ...item, completed: toggle.completed } : item,
      );
      return { changes: { checklist: { ...row.checklist, [toggle.category]: updated } } };
    });
  }

  /** The user marks the trip booked, or back to planning; from its start date the dates decide (409). */
  setStatus(userId: number, id: number, status: 'planning' | 'booked'): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      const current = travelStatus(row, today);
      if (current !== 'planning' && current !== 'booked') throw new ConflictException(TRAVEL_MESSAGES.statusLocked);
      return { changes: { booked: status === 'booked' } };
    });
  }

  /** Writes the plan's recommendations, itinerary, budget and checklist again from its details; the expenses stay. */
  regenerate(userId: number, id: number): Promise<TravelPlan> {
    return this.edit(userId, id, (row, today) => {
      this.assertEditable(row, today);
      return { changes: this.restart(row, row.preferences), regenerate: true };
    });
  }

  /** Today's date in the user's profile timezone: the status and the edit check follow it. */
  async today(userId: number): Promise<string> {
    const [profile]: { timezone: string }[] = await this.dataSource.query(
      `SELECT timezone FROM profiles WHERE "userId" = $1`,
      [userId],
    );
    try {
      return localDate(new Date(), profile?.timezone ?? DEFAULT_TIMEZONE);
    } catch {
      return localDate(new Date(), DEFAULT_TIMEZONE);
    }
  }

  /**
   * Runs `decide` on the locked row and writes what it says, in one transaction; then queues the
   * generation when the edit starts it again (after the commit, so the job finds the new run).
   */
  private async edit(
    userId: number,
    id: number,
    decide: (row: TravelPlanEntity, today: string) => Edit,
  ): Promise<TravelPlan> {
    const today = await this.today(userId);
    const { row, regenerate } = await this.dataSource.transaction(async (manager) => {
      const plans = manager.getRepository(TravelPlanEntity);
      const { changes, regenerate } = decide(await this.lock(plans, userId, id), today);
      await plans.update({ id, userId }, changes);
      return { row: await plans.findOneByOrFail({ id }), regenerate };
    });
    if (regenerate) await this.generation.queue(userId, id);
    return toTravelPlan(row, today);
  }

  /** The user's plan, locked for the transaction; another user's id answers exactly as a missing one (DECISIONS). */
  private async lock(plans: Repository<TravelPlanEntity>, userId: number, id: number): Promise<TravelPlanEntity> {
    const row = await plans.findOne({ where: { id, userId }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new NotFoundException(TRAVEL_MESSAGES.notFound);
    return row;
  }

  /** Spec §2: the edit check, refused with 409 (the screen hides the buttons). */
  private assertEditable(row: TravelPlanEntity, today: string): void {
    if (!travelPlanEditable({ status: travelStatus(row, today), endDate: row.endDate }, today))
      throw new ConflictException(TRAVEL_MESSAGES.notEditable);
  }

  /** The generation job writes the itinerary, budget and checklist: they are the user's once it has finished. */
  private assertGenerated(row: TravelPlanEntity): void {
    if (generating(row)) throw new ConflictException(TRAVEL_MESSAGES.stillGenerating);
  }

  /** The columns that start the generation again: a new run, its parts cleared, the budget the user's (or to be estimated). */
  private restart(row: TravelPlanEntity, preferences: TravelPreferences): PlanChanges {
    return {
      run: row.run + 1,
      generationStatus: 'pending',
      progress: 0,
      stage: WAITING_STAGE,
      generationError: null,
      generationMethod: null,
      recommendations: null,
      itinerary: null,
      budgetBreakdown: null,
      checklist: null,
      budget: budgetFromText(preferences.budget),
    };
  }
}
