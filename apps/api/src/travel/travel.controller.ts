import {
  type CreateTravelPlan,
  createTravelPlanSchema,
  toggleChecklistItemSchema,
  TRAVEL_MESSAGES,
  type TravelPlan,
  travelStatusSchema,
  type UpdateTravelPlan,
  updateBudgetSchema,
  updateChecklistSchema,
  updateExpensesSchema,
  updateItinerarySchema,
  updateTravelPlanSchema,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { TRAVEL_ENTITY, TRAVEL_INVALIDATES } from './travel-generation.service';
import { TravelService } from './travel.service';

const planId = new IdParamPipe('Travel plan id must be a positive whole number');
const userIdParam = new IdParamPipe('User id must be a positive whole number');

/** Spec §2's edit check (planning, or ongoing and not ended, on today's date in the user's timezone). */
const NOT_EDITABLE = TRAVEL_MESSAGES.notEditable;

/** Spec §7: the Travel Planner's calls, plus booking and regenerating. Plans are the signed-in user's only. */
@ApiTags('travel')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('travel')
@Controller('api/travel')
export class TravelController {
  constructor(
    private readonly travel: TravelService,
    private readonly stream: StreamService,
  ) {}

  /** Other tabs of the user refetch the list. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: { type: 'entity.changed', entity: { type: TRAVEL_ENTITY, id }, invalidate: TRAVEL_INVALIDATES },
      },
    ]);
  }

  @Post('create')
  @ApiOperation({
    summary: 'Create a travel plan',
    description:
      'Saved with its generation pending; a background job writes the recommendations, one itinerary day per date, the budget breakdown and the checklist, reporting progress live.',
  })
  @ApiBody({ schema: openApiSchema(createTravelPlanSchema) })
  @ApiCreatedResponse({ description: 'TravelPlan (generation pending)' })
  @ApiBadRequestResponse({
    description: `e.g. '${TRAVEL_MESSAGES.destinationRequired}', '${TRAVEL_MESSAGES.endBeforeStart}'`,
  })
  @ApiForbiddenResponse({ description: `${TRAVEL_MESSAGES.otherUserCreate} (a userId that is not yours)` })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createTravelPlanSchema)) body: CreateTravelPlan,
  ): Promise<TravelPlan> {
    this.travel.assertOwnUserId(user.id, body.userId, TRAVEL_MESSAGES.otherUserCreate);
    const plan = await this.travel.create(user.id, body);
    await this.changed(user.id, plan.id);
    return plan;
  }

  @Get(':userId')
  @ApiOperation({
    summary: "The user's travel plans, by start date",
    description: 'The path carries the signed-in user id; any other id answers 403.',
  })
  @ApiOkResponse({ description: 'TravelPlan[]' })
  @ApiForbiddenResponse({ description: TRAVEL_MESSAGES.otherUser })
  list(@CurrentUser() user: User, @Param('userId', userIdParam) userId: number): Promise<TravelPlan[]> {
    this.travel.assertOwnUserId(user.id, userId);
    return this.travel.list(user.id);
  }

  @Patch(':id')
  @ApiOperation({
    summary: "Edit a plan's destination, dates or preferences",
    description:
      'Dates are checked together with the stored ones. While the generation has not finished, it starts again with the new details.',
  })
  @ApiBody({ schema: openApiSchema(updateTravelPlanSchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiBadRequestResponse({ description: `e.g. '${TRAVEL_MESSAGES.endBeforeStart}'` })
  @ApiForbiddenResponse({ description: `${TRAVEL_MESSAGES.otherUserUpdate} (a userId that is not yours)` })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  async update(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(updateTravelPlanSchema)) body: UpdateTravelPlan,
  ): Promise<TravelPlan> {
    this.travel.assertOwnUserId(user.id, body.userId, TRAVEL_MESSAGES.otherUserUpdate);
    return this.done(user.id, await this.travel.update(user.id, id, body));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted (a generation still running for it stops)' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  async remove(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<void> {
    await this.travel.remove(user.id, id);
    await this.changed(user.id, id);
  }

  @Patch(':id/itinerary')
  @ApiOperation({ summary: 'Replace the itinerary (Edit Daily Itinerary)' })
  @ApiBody({ schema: openApiSchema(updateItinerarySchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${NOT_EDITABLE} / ${TRAVEL_MESSAGES.stillGenerating}` })
  async itinerary(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(updateItinerarySchema)) body: z.output<typeof updateItinerarySchema>,
  ): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.setItinerary(user.id, id, body.itinerary));
  }

  @Patch(':id/expenses')
  @ApiOperation({
    summary: 'Replace the expenses (Edit Expenses)',
    description:
      'The total is the sum of the items, computed by the server; a total sent is ignored. Allowed while the plan is being generated.',
  })
  @ApiBody({ schema: openApiSchema(updateExpensesSchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  async expenses(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(updateExpensesSchema)) body: z.output<typeof updateExpensesSchema>,
  ): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.setExpenses(user.id, id, body.expenses));
  }

  @Patch(':id/checklist')
  @ApiOperation({ summary: 'Replace the checklist (Edit Travel Checklist)' })
  @ApiBody({ schema: openApiSchema(updateChecklistSchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${NOT_EDITABLE} / ${TRAVEL_MESSAGES.stillGenerating}` })
  async checklist(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(updateChecklistSchema)) body: z.output<typeof updateChecklistSchema>,
  ): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.setChecklist(user.id, id, body.checklist));
  }

  @Patch(':id/checklist/item')
  @ApiOperation({
    summary: 'Tick or untick one checklist item',
    description: 'Allowed whatever the plan status (spec: clicking an item toggles it).',
  })
  @ApiBody({ schema: openApiSchema(toggleChecklistItemSchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiNotFoundResponse({ description: `${TRAVEL_MESSAGES.notFound} / ${TRAVEL_MESSAGES.checklistItemNotFound}` })
  async checklistItem(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(toggleChecklistItemSchema)) body: z.output<typeof toggleChecklistItemSchema>,
  ): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.toggleChecklistItem(user.id, id, body));
  }

  @Patch(':id/budget')
  @ApiOperation({
    summary: 'Replace the total budget and its breakdown (Edit Budget)',
    description: 'The breakdown may differ from the total; the editor warns.',
  })
  @ApiBody({ schema: openApiSchema(updateBudgetSchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${NOT_EDITABLE} / ${TRAVEL_MESSAGES.stillGenerating}` })
  async budget(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(updateBudgetSchema)) body: z.output<typeof updateBudgetSchema>,
  ): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.setBudget(user.id, id, body.budget, body.budgetBreakdown));
  }

  @Patch(':id/status')
  @ApiOperation({
    summary: 'Mark the trip booked, or back to planning',
    description: 'Only before the trip starts; from its start date the status follows the dates (ongoing, completed).',
  })
  @ApiBody({ schema: openApiSchema(travelStatusSchema) })
  @ApiOkResponse({ description: 'TravelPlan' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: TRAVEL_MESSAGES.statusLocked })
  async status(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @Body(new ZodValidationPipe(travelStatusSchema)) body: z.output<typeof travelStatusSchema>,
  ): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.setStatus(user.id, id, body.status));
  }

  @Post(':id/regenerate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Write the plan again from its details',
    description:
      'The recommendations, itinerary, budget breakdown and checklist are cleared and generated again (a run still going is superseded); the expenses stay.',
  })
  @ApiOkResponse({ description: 'TravelPlan (generation pending)' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  async regenerate(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<TravelPlan> {
    return this.done(user.id, await this.travel.regenerate(user.id, id));
  }

  /** Tells the user's other tabs, then answers the plan. */
  private async done(userId: number, plan: TravelPlan): Promise<TravelPlan> {
    await this.changed(userId, plan.id);
    return plan;
  }
}
