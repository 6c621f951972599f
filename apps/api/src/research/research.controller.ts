import {
  RESEARCH_MESSAGES,
  type ResearchReport,
  rerunResearchSchema,
  type StartResearch,
  startResearchSchema,
  updateResearchSchema,
  planQuotaMessage,
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
import { RESEARCH_INVALIDATES } from './pipeline/research-pipeline.service';
import { ResearchService } from './research.service';

const reportId = new IdParamPipe('Research report id must be a positive whole number');
const userIdParam = new IdParamPipe('User id must be a positive whole number');

/** Spec §7: the Research Hub's calls. Reports are the signed-in user's only. */
@ApiTags('research')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('research')
@Controller('api/research')
export class ResearchController {
  constructor(
    private readonly research: ResearchService,
    private readonly stream: StreamService,
  ) {}

  /** Other tabs of the user refetch the list. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: { type: 'entity.changed', entity: { type: 'research-report', id }, invalidate: RESEARCH_INVALIDATES },
      },
    ]);
  }

  @Post('start')
  @ApiOperation({
    summary: 'Start a research report',
    description:
      'Saved as pending; the pipeline (plan, gather, read, score, write) runs as a background job and reports progress live.',
  })
  @ApiBody({ schema: openApiSchema(startResearchSchema) })
  @ApiCreatedResponse({ description: 'ResearchReport (pending)' })
  @ApiBadRequestResponse({ description: `e.g. '${RESEARCH_MESSAGES.topicRequired}'` })
  @ApiForbiddenResponse({
    description: `${RESEARCH_MESSAGES.otherUserStart} (a userId that is not yours), or past the plan's daily runs: '${planQuotaMessage('free', 'researchRunsPerDay')}'`,
  })
  async start(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(startResearchSchema)) body: StartResearch,
  ): Promise<ResearchReport> {
    this.research.assertOwnUserId(user.id, body.userId, RESEARCH_MESSAGES.otherUserStart);
    const report = await this.research.start(user.id, body);
    await this.changed(user.id, report.id);
    return report;
  }

  @Get(':userId')
  @ApiOperation({
    summary: "The user's research reports, newest first (archived included)",
    description: 'The path carries the signed-in user id; any other id answers 403.',
  })
  @ApiOkResponse({ description: 'ResearchReport[]' })
  @ApiForbiddenResponse({ description: RESEARCH_MESSAGES.otherUser })
  list(@CurrentUser() user: User, @Param('userId', userIdParam) userId: number): Promise<ResearchReport[]> {
    this.research.assertOwnUserId(user.id, userId);
    return this.research.list(user.id);
  }

  @Post(':id/rerun')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Run the research again',
    description: 'newParameters may change the topic, category and tags; the old results are cleared.',
  })
  @ApiBody({ schema: openApiSchema(rerunResearchSchema) })
  @ApiOkResponse({ description: 'ResearchReport (pending)' })
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  @ApiConflictResponse({ description: RESEARCH_MESSAGES.stillRunning })
  @ApiForbiddenResponse({
    description: `Past the plan's daily runs: '${planQuotaMessage('free', 'researchRunsPerDay')}'`,
  })
  async rerun(
    @CurrentUser() user: User,
    @Param('id', reportId) id: number,
    @Body(new ZodValidationPipe(rerunResearchSchema)) body: z.output<typeof rerunResearchSchema>,
  ): Promise<ResearchReport> {
    const report = await this.research.rerun(user.id, id, body.newParameters);
    await this.changed(user.id, id);
    return report;
  }

  @Post(':id/archive')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'ResearchReport (isArchived true)' })
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  async archive(@CurrentUser() user: User, @Param('id', reportId) id: number): Promise<ResearchReport> {
    const report = await this.research.setArchived(user.id, id, true);
    await this.changed(user.id, id);
    return report;
  }

  @Post(':id/unarchive')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'ResearchReport (isArchived false)' })
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  async unarchive(@CurrentUser() user: User, @Param('id', reportId) id: number): Promise<ResearchReport> {
    const report = await this.research.setArchived(user.id, id, false);
    await this.changed(user.id, id);
    return report;
  }

  @Patch(':id')
  @ApiOperation({ summary: "Edit a report's category and tags" })
  @ApiBody({ schema: openApiSchema(updateResearchSchema) })
  @ApiOkResponse({ description: 'ResearchReport' })
  @ApiBadRequestResponse({ description: `e.g. '${RESEARCH_MESSAGES.categoryInvalid}'` })
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  async update(
    @CurrentUser() user: User,
    @Param('id', reportId) id: number,
    @Body(new ZodValidationPipe(updateResearchSchema)) body: z.output<typeof updateResearchSchema>,
  ): Promise<ResearchReport> {
    const report = await this.research.update(user.id, id, body);
    await this.changed(user.id, id);
    return report;
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted (a run still working on it stops)' })
  @ApiNotFoundResponse({ description: RESEARCH_MESSAGES.notFound })
  async remove(@CurrentUser() user: User, @Param('id', reportId) id: number): Promise<void> {
    await this.research.remove(user.id, id);
    await this.changed(user.id, id);
  }
}
