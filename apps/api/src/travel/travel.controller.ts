import {
  type CreateTravelPlan,
  type toggleChecklistItemSchema,
  TRAVEL_MESSAGES,
  travelEndpoints,
  type TravelPlan,
  type travelStatusSchema,
  type UpdateTravelPlan,
  type updateBudgetSchema,
  type updateChecklistSchema,
  type updateExpensesSchema,
  type updateItinerarySchema,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { TravelService } from './travel.service';

const planId = new IdParamPipe('Travel plan id must be a positive whole number');
const userIdParam = new IdParamPipe('User id must be a positive whole number');

/** Spec §2's edit check (planning, or ongoing and not ended, on today's date in the user's timezone). */
const NOT_EDITABLE = TRAVEL_MESSAGES.notEditable;

/**
 * Spec §7: the Travel Planner's calls, plus booking and regenerating. Plans are the signed-in user's only.
 * Routes and payloads: `travelEndpoints` in @aide/contracts; each change refetches the plan list.
 * (An `@ApiOperation` description goes below `@Endpoint`, which adds the summary over it.)
 */
@ApiTags('travel')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('travel')
@Controller()
export class TravelController {
  constructor(private readonly travel: TravelService) {}

  @Endpoint(travelEndpoints.create)
  @ApiOperation({
    description:
      'Saved with its generation pending; a background job writes the recommendations, one itinerary day per date, the budget breakdown and the checklist, reporting progress live.',
  })
  @ApiBadRequestResponse({
    description: `e.g. '${TRAVEL_MESSAGES.destinationRequired}', '${TRAVEL_MESSAGES.endBeforeStart}'`,
  })
  @ApiForbiddenResponse({ description: `${TRAVEL_MESSAGES.otherUserCreate} (a userId that is not yours)` })
  create(@CurrentUser() user: User, @EndpointBody(travelEndpoints.create) body: CreateTravelPlan): Promise<TravelPlan> {
    this.travel.assertOwnUserId(user.id, body.userId, TRAVEL_MESSAGES.otherUserCreate);
    return this.travel.create(user.id, body);
  }

  @Endpoint(travelEndpoints.list)
  @ApiOperation({ description: 'The path carries the signed-in user id; any other id answers 403.' })
  @ApiForbiddenResponse({ description: TRAVEL_MESSAGES.otherUser })
  list(@CurrentUser() user: User, @Param('userId', userIdParam) userId: number): Promise<TravelPlan[]> {
    this.travel.assertOwnUserId(user.id, userId);
    return this.travel.list(user.id);
  }

  @Endpoint(travelEndpoints.update)
  @ApiOperation({
    description:
      'Dates are checked together with the stored ones. While the generation has not finished, it starts again with the new details.',
  })
  @ApiBadRequestResponse({ description: `e.g. '${TRAVEL_MESSAGES.endBeforeStart}'` })
  @ApiForbiddenResponse({ description: `${TRAVEL_MESSAGES.otherUserUpdate} (a userId that is not yours)` })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  update(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.update) body: UpdateTravelPlan,
  ): Promise<TravelPlan> {
    this.travel.assertOwnUserId(user.id, body.userId, TRAVEL_MESSAGES.otherUserUpdate);
    return this.travel.update(user.id, id, body);
  }

  @Endpoint(travelEndpoints.remove)
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  async remove(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<void> {
    await this.travel.remove(user.id, id);
  }

  @Endpoint(travelEndpoints.itinerary)
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${NOT_EDITABLE} / ${TRAVEL_MESSAGES.stillGenerating}` })
  itinerary(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.itinerary) body: z.output<typeof updateItinerarySchema>,
  ): Promise<TravelPlan> {
    return this.travel.setItinerary(user.id, id, body.itinerary);
  }

  @Endpoint(travelEndpoints.expenses)
  @ApiOperation({
    description:
      'The total is the sum of the items, computed by the server; a total sent is ignored. Allowed while the plan is being generated.',
  })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  expenses(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.expenses) body: z.output<typeof updateExpensesSchema>,
  ): Promise<TravelPlan> {
    return this.travel.setExpenses(user.id, id, body.expenses);
  }

  @Endpoint(travelEndpoints.checklist)
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${NOT_EDITABLE} / ${TRAVEL_MESSAGES.stillGenerating}` })
  checklist(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.checklist) body: z.output<typeof updateChecklistSchema>,
  ): Promise<TravelPlan> {
    return this.travel.setChecklist(user.id, id, body.checklist);
  }

  @Endpoint(travelEndpoints.checklistItem)
  @ApiOperation({ description: 'Allowed whatever the plan status (spec: clicking an item toggles it).' })
  @ApiNotFoundResponse({ description: `${TRAVEL_MESSAGES.notFound} / ${TRAVEL_MESSAGES.checklistItemNotFound}` })
  checklistItem(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.checklistItem) body: z.output<typeof toggleChecklistItemSchema>,
  ): Promise<TravelPlan> {
    return this.travel.toggleChecklistItem(user.id, id, body);
  }

  @Endpoint(travelEndpoints.budget)
  @ApiOperation({ description: 'The breakdown may differ from the total; the editor warns.' })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${NOT_EDITABLE} / ${TRAVEL_MESSAGES.stillGenerating}` })
  budget(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.budget) body: z.output<typeof updateBudgetSchema>,
  ): Promise<TravelPlan> {
    return this.travel.setBudget(user.id, id, body.budget, body.budgetBreakdown);
  }

  @Endpoint(travelEndpoints.status)
  @ApiOperation({
    description: 'Only before the trip starts; from its start date the status follows the dates (ongoing, completed).',
  })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: TRAVEL_MESSAGES.statusLocked })
  status(
    @CurrentUser() user: User,
    @Param('id', planId) id: number,
    @EndpointBody(travelEndpoints.status) body: z.output<typeof travelStatusSchema>,
  ): Promise<TravelPlan> {
    return this.travel.setStatus(user.id, id, body.status);
  }

  @Endpoint(travelEndpoints.regenerate)
  @ApiOperation({
    description:
      'The recommendations, itinerary, budget breakdown and checklist are cleared and generated again (a run still going is superseded); the expenses stay.',
  })
  @ApiNotFoundResponse({ description: TRAVEL_MESSAGES.notFound })
  @ApiConflictResponse({ description: NOT_EDITABLE })
  regenerate(@CurrentUser() user: User, @Param('id', planId) id: number): Promise<TravelPlan> {
    return this.travel.regenerate(user.id, id);
  }
}
