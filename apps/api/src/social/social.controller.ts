import {
  type CreatePostsFromResearch,
  type CreateSocialDrafts,
  type CreateSocialPost,
  type PublishSocialPostResult,
  type scheduleSocialPostSchema,
  SOCIAL_MESSAGES,
  socialEndpoints,
  type SocialPlatformStats,
  type SocialPost,
  type updateSocialPostSchema,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
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
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { SocialEngagementService } from './engagement/social-engagement.service';
import { SocialService } from './social.service';

const postId = new IdParamPipe('Social post id must be a positive whole number');
const userIdParam = new IdParamPipe('User id must be a positive whole number');

/**
 * Spec §7: the Social Media screen's calls, plus editing, scheduling and the stat cards. Posts are
 * the signed-in user's only. Routes and payloads: `socialEndpoints` in @aide/contracts; each change
 * refetches the lists it names (EndpointInterceptor).
 */
@ApiTags('social')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('social')
@Controller()
export class SocialController {
  constructor(
    private readonly social: SocialService,
    private readonly engagement: SocialEngagementService,
    private readonly stream: StreamService,
  ) {}

  @Endpoint(socialEndpoints.create)
  @ApiOperation({
    description:
      "Written for the platform, topic and tone (professional by default), always within the platform's length limit.",
  })
  @ApiBadRequestResponse({
    description: `e.g. '${SOCIAL_MESSAGES.platformRequired}', '${SOCIAL_MESSAGES.topicRequired}'`,
  })
  @ApiForbiddenResponse({ description: `${SOCIAL_MESSAGES.otherUserCreate} (a userId that is not yours)` })
  create(@CurrentUser() user: User, @EndpointBody(socialEndpoints.create) body: CreateSocialPost): Promise<SocialPost> {
    this.social.assertOwnUserId(user.id, body.userId, SOCIAL_MESSAGES.otherUserCreate);
    return this.social.create(user.id, body);
  }

  @Endpoint(socialEndpoints.fromResearch)
  @ApiOperation({
    description:
      "One draft per platform stating the report's own summary and findings sentences, linking to your blog post on the report's topic (UTM-tagged) or else to the report's most credible source.",
  })
  @ApiBadRequestResponse({ description: `e.g. '${SOCIAL_MESSAGES.reportNotFinished}'` })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.reportNotFound })
  fromResearch(
    @CurrentUser() user: User,
    @EndpointBody(socialEndpoints.fromResearch) body: CreatePostsFromResearch,
  ): Promise<SocialPost[]> {
    return this.social.createFromResearch(user.id, body);
  }

  @Endpoint(socialEndpoints.createDrafts)
  @ApiOperation({ description: 'Kept as sent (within each platform limit), with the campaign tags of their links.' })
  @ApiBadRequestResponse({ description: `e.g. '${SOCIAL_MESSAGES.postsRequired}'` })
  createDrafts(
    @CurrentUser() user: User,
    @EndpointBody(socialEndpoints.createDrafts) body: CreateSocialDrafts,
  ): Promise<SocialPost[]> {
    return this.social.createDrafts(user.id, body);
  }

  // Before list: '/api/social/:userId' would otherwise take 'stats' as an id.
  @Endpoint(socialEndpoints.stats)
  @ApiOperation({
    description: 'Counts by status, engagement over published posts, and real week-over-week growth.',
  })
  stats(@CurrentUser() user: User): Promise<SocialPlatformStats[]> {
    return this.social.stats(user.id);
  }

  @Endpoint(socialEndpoints.refreshEngagement)
  @ApiOperation({ description: 'Queued; the screen refetches when it is done.' })
  async refreshEngagement(@CurrentUser() user: User): Promise<void> {
    await this.engagement.queue(user.id);
  }

  @Endpoint(socialEndpoints.list)
  @ApiOperation({ description: 'The path carries the signed-in user id; any other id answers 403.' })
  @ApiForbiddenResponse({ description: SOCIAL_MESSAGES.otherUser })
  list(@CurrentUser() user: User, @Param('userId', userIdParam) userId: number): Promise<SocialPost[]> {
    this.social.assertOwnUserId(user.id, userId);
    return this.social.list(user.id);
  }

  @Endpoint(socialEndpoints.update)
  @ApiBadRequestResponse({ description: "e.g. 'X (Twitter) allows 280 characters; this post has 301'" })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${SOCIAL_MESSAGES.alreadyPublished} / ${SOCIAL_MESSAGES.publishing}` })
  update(
    @CurrentUser() user: User,
    @Param('id', postId) id: number,
    @EndpointBody(socialEndpoints.update) body: z.output<typeof updateSocialPostSchema>,
  ): Promise<SocialPost> {
    return this.social.update(user.id, id, body);
  }

  @Endpoint(socialEndpoints.schedule)
  @ApiOperation({ description: 'Published at that time through the connected account.' })
  @ApiBadRequestResponse({ description: `${SOCIAL_MESSAGES.scheduledInPast} / ${SOCIAL_MESSAGES.scheduledTooFar}` })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: SOCIAL_MESSAGES.alreadyPublished })
  schedule(
    @CurrentUser() user: User,
    @Param('id', postId) id: number,
    @EndpointBody(socialEndpoints.schedule) body: z.output<typeof scheduleSocialPostSchema>,
  ): Promise<SocialPost> {
    return this.social.schedule(user.id, id, body.scheduledAt);
  }

  @Endpoint(socialEndpoints.unschedule)
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: SOCIAL_MESSAGES.notScheduled })
  unschedule(@CurrentUser() user: User, @Param('id', postId) id: number): Promise<SocialPost> {
    return this.social.unschedule(user.id, id);
  }

  @Endpoint(socialEndpoints.publish)
  @ApiOperation({
    description:
      'Through the connected account when there is one (share null); otherwise marked published and `share` says where the browser shares it, with the text.',
  })
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  @ApiConflictResponse({ description: `${SOCIAL_MESSAGES.alreadyPublished} / ${SOCIAL_MESSAGES.publishing}` })
  @ApiBadGatewayResponse({
    description:
      "The platform refused or could not be reached, e.g. 'X refused the post: …'; the post is unchanged apart from publishError",
  })
  async publish(@CurrentUser() user: User, @Param('id', postId) id: number): Promise<PublishSocialPostResult> {
    try {
      return await this.social.publish(user.id, id);
    } catch (error) {
      // A refused publish still records its publishError: the other tabs refetch to show it
      // (EndpointInterceptor only publishes after a success).
      await this.stream.publishQuietly([
        {
          userId: user.id,
          event: {
            type: 'entity.changed',
            entity: { type: 'social-post', id },
            invalidate: [...socialEndpoints.publish.invalidates],
          },
        },
      ]);
      throw error;
    }
  }

  @Endpoint(socialEndpoints.remove)
  @ApiNotFoundResponse({ description: SOCIAL_MESSAGES.notFound })
  async remove(@CurrentUser() user: User, @Param('id', postId) id: number): Promise<void> {
    await this.social.remove(user.id, id);
  }
}
