import {
  type AnalyticsBreakdown,
  type analyticsBreakdownQuerySchema,
  type createWebsiteGoalSchema,
  WEBSITE_GOAL_MESSAGES,
  WEBSITE_MESSAGES,
  type WebsiteGoal,
  websiteInsightsEndpoints,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint, EndpointBody, EndpointQuery } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { WebsiteGoalsService } from './website-goals.service';

const websiteId = new IdParamPipe('Website id must be a positive whole number');

/**
 * Issue 27: a site's sources, pages, campaigns and goals (the Analytics tab). The signed-in user's
 * sites only. Routes and payloads: `websiteInsightsEndpoints` in @aide/contracts.
 */
@ApiTags('websites')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('website')
@Controller()
export class WebsiteGoalsController {
  constructor(private readonly goals: WebsiteGoalsService) {}

  @Endpoint(websiteInsightsEndpoints.breakdown)
  @ApiOperation({
    description:
      "The last 7 or 30 days (today included) in the profile timezone. A source is the landing page's utm_source, else the referring host, null for Direct.",
  })
  @ApiBadRequestResponse({ description: 'period must be one of: 7d, 30d' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  breakdown(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @EndpointQuery(websiteInsightsEndpoints.breakdown) query: z.output<typeof analyticsBreakdownQuerySchema>,
  ): Promise<AnalyticsBreakdown> {
    return this.goals.breakdown(user.id, id, query.period);
  }

  @Endpoint(websiteInsightsEndpoints.goals)
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  list(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<WebsiteGoal[]> {
    return this.goals.list(user.id, id);
  }

  @Endpoint(websiteInsightsEndpoints.createGoal)
  @ApiBadRequestResponse({ description: `e.g. '${WEBSITE_GOAL_MESSAGES.pathInvalid}'` })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_GOAL_MESSAGES.duplicate })
  @ApiUnprocessableEntityResponse({ description: WEBSITE_GOAL_MESSAGES.tooMany })
  create(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @EndpointBody(websiteInsightsEndpoints.createGoal) body: z.output<typeof createWebsiteGoalSchema>,
  ): Promise<WebsiteGoal> {
    return this.goals.create(user.id, id, body);
  }

  @Endpoint(websiteInsightsEndpoints.removeGoal)
  @ApiNotFoundResponse({ description: `${WEBSITE_MESSAGES.notFound} or ${WEBSITE_GOAL_MESSAGES.notFound}` })
  remove(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @Param('goalId', new IdParamPipe('Goal id must be a positive whole number')) goalId: number,
  ): Promise<void> {
    return this.goals.remove(user.id, id, goalId);
  }
}
