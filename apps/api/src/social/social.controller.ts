import {
  type CreateSocialPost,
  createSocialPostSchema,
  type PublishSocialPostResult,
  scheduleSocialPostSchema,
  SOCIAL_MESSAGES,
  type SocialPlatformStats,
  type SocialPost,
  updateSocialPostSchema,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
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
import { SocialEngagementService } from './engagement/social-engagement.service';
import { SOCIAL_INVALIDATES } from './publishing/social-publisher.service';
import { SocialService } from './social.service';

const postId = new IdParamPipe('Social post id must be a positive whole number');
const userIdParam = new IdParamPipe('User id must be a positive whole number');

/** Spec §7: the Social Media screen's calls, plus editing, scheduling and the stat cards. Posts are the signed-in user's only. */
@ApiTags('social')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('social')
@Controller('api/social')
export class SocialController {
  constructor(
    private readonly social: SocialService,
    private readonly engagement: SocialEngagementService,
    private readonly stream: StreamService,
  ) {}

  /** Other tabs of the user refetch. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: { type: 'entity.changed', entity: { type: 'social-post', id }, invalidate: SOCIAL_INVALIDATES },
      },
    ]);
  }

  @Post('create')
  @ApiOperation({
    summary: 'Write a draft post with the AI',
    description:
      "Written for the platform, topic and tone (professional by default), always within the platform's length limit.",
  })
  @ApiBody({ schema: openApiSchema(createSocialPostSchema) })
  @ApiCreatedResponse({ description: 'SocialPost (draft)' })
  @ApiBadRequestResponse({
    description: `e.g. '${SOCIAL_MESSAGES.platformRequired}', '${SOCIAL_MESSAGES.topicRequired}'`,
  })
  @ApiForbiddenResponse({ description: `${SOCIAL_MESSAGES.otherUserCreate} (a userId that is not yours)` })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createSocialPostSchema)) body: CreateSocialPost,
  ): Promise<SocialPost> {
    this.social.assertOwnUserId(user.id, body.userId, SOCIAL_MESSAGES.otherUserCreate);
    const post = await this.social.create(user.id, body);
    await this.changed(user.id, post.id);
    return post;
  }

  // Before ':userId', which would otherwise take 'stats' as an id.
  @Get('stats')
  @ApiOperation({
    summary: 'Per-platform figures for the stat cards',
    description: 'Counts by status, engagement over published posts, and real week-over-week growth.',
  })
  @ApiOkResponse({ description: 'SocialPlatformStats[] in platform order' })
  stats(@CurrentUser() user: User): Promise<SocialPlatformStats[]> {
    return this.social.stats(user.id);
  }

  @Post('engagement/refresh')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: "Read the connected platforms' figures for your published posts now",
    description: 'Queued; the screen refetches when it is done.',
  })
  @ApiAcceptedResponse({ description: 'Queued' })
  async refreshEngagement(@CurrentUser() user: User): Promise<void> {
    await this.engagement.queue(user.id);
  }

  @Get(':userId')
  @ApiOperation({
    summary: "The user's posts, newest first (the newest 1,000)",
    description: 'The path carries the signed-in user id; any other id answers 403.',
  })
  @ApiOkResponse({ description: 'SocialPost[]' })
  @ApiForbiddenResponse({ description: SOCIAL_MESSAGES.otherUser })
  list(@CurrentUser() user: User, @Param('userId', userIdParam) userId: number): Promise<SocialPost[]> {
    this.social.assertOwnUserId(user.id, userId);
    return this.social.list(user.id);
  }

  @Patch(':id')
  @ApiOperation({ summary: "Edit a draft's or a scheduled post's text, hashtags or image link" })
  @ApiBody({ schema: openApiSchema(updateSocialPostSchema) })
  @ApiOkResponse({ description: 'SocialPost' })
  @ApiBadRequestResponse({ description: "e.g. 'X (Twitter) allows 280 characters; this post has 301'" })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${SOCIAL_MESSAGES.alreadyPublished} / ${SOCIAL_MESSAGES.publishing}` })
  async update(
    @CurrentUser() user: User,
    @Param('id', postId) id: number,
    @Body(new ZodValidationPipe(updateSocialPostSchema)) body: z.output<typeof updateSocialPostSchema>,
  ): Promise<SocialPost> {
    const post = await this.social.update(user.id, id, body);
    await this.changed(user.id, id);
    return post;
  }

  @Post(':id/schedule')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Schedule a draft, or reschedule a scheduled post',
    description: 'Published at that time through the connected account.',
  })
  @ApiBody({ schema: openApiSchema(scheduleSocialPostSchema) })
  @ApiOkResponse({ description: 'SocialPost (scheduled)' })
  @ApiBadRequestResponse({ description: `${SOCIAL_MESSAGES.scheduledInPast} / ${SOCIAL_MESSAGES.scheduledTooFar}` })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: SOCIAL_MESSAGES.alreadyPublished })
  async schedule(
    @CurrentUser() user: User,
    @Param('id', postId) id: number,
    @Body(new ZodValidationPipe(scheduleSocialPostSchema)) body: z.output<typeof scheduleSocialPostSchema>,
  ): Promise<SocialPost> {
    const post = await this.social.schedule(user.id, id, body.scheduledAt);
    await this.changed(user.id, id);
    return post;
  }

  @Post(':id/unschedule')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'SocialPost (draft)' })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: SOCIAL_MESSAGES.notScheduled })
  async unschedule(@CurrentUser() user: User, @Param('id', postId) id: number): Promise<SocialPost> {
    const post = await this.social.unschedule(user.id, id);
    await this.changed(user.id, id);
    return post;
  }

  @Post(':id/publish')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Publish Now',
    description:
      'Through the connected account when there is one (share null); otherwise marked published and `share` says where the browser shares it, with the text.',
  })
  @ApiOkResponse({ description: 'PublishSocialPostResult' })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${SOCIAL_MESSAGES.alreadyPublished} / ${SOCIAL_MESSAGES.publishing}` })
  @ApiBadGatewayResponse({
    description:
      "The platform refused or could not be reached, e.g. 'X refused the post: …'; the post is unchanged apart from publishError",
  })
  async publish(@CurrentUser() user: User, @Param('id', postId) id: number): Promise<PublishSocialPostResult> {
    try {
      return await this.social.publish(user.id, id);
    } finally {
      await this.changed(user.id, id);
    }
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Deleted (a publish queued for it does nothing)' })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  async remove(@CurrentUser() user: User, @Param('id', postId) id: number): Promise<void> {
    await this.social.remove(user.id, id);
    await this.changed(user.id, id);
  }
}
