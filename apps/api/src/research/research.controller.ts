import {
  messageLocaleFrom,
  RESEARCH_MESSAGES,
  researchEndpoints,
  type ResearchReport,
  type rerunResearchSchema,
  type StartResearch,
  type updateResearchSchema,
  planQuotaMessage,
} from '@aide/contracts';
import { Controller, Headers, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { localizeResearchReport } from './research-report.mapper';
import { ResearchService } from './research.service';

const reportId = new IdParamPipe('Research report id must be a positive whole number');
const userIdParam = new IdParamPipe('User id must be a positive whole number');

/**
 * Spec §7: the Research Hub's calls. Reports are the signed-in user's only. Routes and payloads:
 * `researchEndpoints` in @aide/contracts; each change refetches the lists it names.
 */
@ApiTags('research')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('research')
@Controller()
export class ResearchController {
  constructor(private readonly research: ResearchService) {}

  @Endpoint(researchEndpoints.start)
  @ApiBadRequestResponse({ description: `e.g. '${RESEARCH_MESSAGES.topicRequired}'` })
  @ApiForbiddenResponse({
    description: `${RESEARCH_MESSAGES.otherUserStart} (a userId that is not yours), or past the plan's daily runs: '${planQuotaMessage('free', 'researchRunsPerDay')}'`,
  })
  start(
    @CurrentUser() user: User,
    @EndpointBody(researchEndpoints.start) body: StartResearch,
  ): Promise<ResearchReport> {
    this.research.assertOwnUserId(user.id, body.userId, RESEARCH_MESSAGES.otherUserStart);
    return this.research.start(user.id, body);
  }

  @Endpoint(researchEndpoints.list)
  @ApiForbiddenResponse({ description: RESEARCH_MESSAGES.otherUser })
  async list(
    @CurrentUser() user: User,
    @Param('userId', userIdParam) userId: number,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<ResearchReport[]> {
    this.research.assertOwnUserId(user.id, userId);
    const locale = messageLocaleFrom(acceptLanguage);
    return (await this.research.list(user.id)).map((report) => localizeResearchReport(report, locale));
  }

  @Endpoint(researchEndpoints.rerun)
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  @ApiConflictResponse({ description: RESEARCH_MESSAGES.stillRunning })
  @ApiForbiddenResponse({
    description: `Past the plan's daily runs: '${planQuotaMessage('free', 'researchRunsPerDay')}'`,
  })
  rerun(
    @CurrentUser() user: User,
    @Param('id', reportId) id: number,
    @EndpointBody(researchEndpoints.rerun) body: z.output<typeof rerunResearchSchema>,
  ): Promise<ResearchReport> {
    return this.research.rerun(user.id, id, body.newParameters);
  }

  @Endpoint(researchEndpoints.archive)
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  archive(@CurrentUser() user: User, @Param('id', reportId) id: number): Promise<ResearchReport> {
    return this.research.setArchived(user.id, id, true);
  }

  @Endpoint(researchEndpoints.unarchive)
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  unarchive(@CurrentUser() user: User, @Param('id', reportId) id: number): Promise<ResearchReport> {
    return this.research.setArchived(user.id, id, false);
  }

  @Endpoint(researchEndpoints.update)
  @ApiBadRequestResponse({ description: `e.g. '${RESEARCH_MESSAGES.categoryInvalid}'` })
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  update(
    @CurrentUser() user: User,
    @Param('id', reportId) id: number,
    @EndpointBody(researchEndpoints.update) body: z.output<typeof updateResearchSchema>,
  ): Promise<ResearchReport> {
    return this.research.update(user.id, id, body);
  }

  @Endpoint(researchEndpoints.remove)
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  async remove(@CurrentUser() user: User, @Param('id', reportId) id: number): Promise<void> {
    await this.research.remove(user.id, id);
  }
}
