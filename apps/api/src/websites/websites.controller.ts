import {
  type BlogPromotion,
  type BlogPost,
  type CreateWebsite,
  type createBlogPostSchema,
  planQuotaMessage,
  type updateWebsiteSchema,
  WEBSITE_MESSAGES,
  type Website,
  type WebsiteAnalyticsDay,
  type websiteAnalyticsQuerySchema,
  websitesEndpoints,
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
import { Endpoint, EndpointBody, EndpointQuery } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { WebsitesService } from './websites.service';

const websiteId = new IdParamPipe('Website id must be a positive whole number');

/**
 * Spec §7 (Websites) and the product's own calls behind the site card's actions. The signed-in user's sites only.
 * Routes and payloads: `websitesEndpoints` in @aide/contracts; each change refetches the sites and the dashboard.
 * (An `@ApiOperation` description goes below `@Endpoint`, which adds the summary over it.)
 */
@ApiTags('websites')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('website')
@Controller()
export class WebsitesController {
  constructor(private readonly websites: WebsitesService) {}

  @Endpoint(websitesEndpoints.list)
  @ApiOperation({
    description:
      'Traffic from the tracking script (today and this month in the profile timezone), uptime from the periodic checks, the last SEO audit, backup and security check.',
  })
  list(@CurrentUser() user: User): Promise<Website[]> {
    return this.websites.list(user.id);
  }

  @Endpoint(websitesEndpoints.create)
  @ApiOperation({ description: 'Saved with a fresh tracking siteKey; its first SEO audit is queued.' })
  @ApiBadRequestResponse({ description: `e.g. '${WEBSITE_MESSAGES.urlInvalid}', '${WEBSITE_MESSAGES.nameRequired}'` })
  @ApiForbiddenResponse({
    description: `${WEBSITE_MESSAGES.otherUser} (a userId that is not yours), or past the plan's quota: '${planQuotaMessage('free', 'websites')}'`,
  })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.duplicateUrl })
  create(@CurrentUser() user: User, @EndpointBody(websitesEndpoints.create) body: CreateWebsite): Promise<Website> {
    this.websites.assertOwnUserId(user.id, body.userId);
    return this.websites.create(user.id, body);
  }

  @Endpoint(websitesEndpoints.update)
  @ApiOperation({
    description:
      'name, url, platform, isActive, wordpress { username, applicationPassword } (encrypted at rest, never answered; null removes them).',
  })
  @ApiBadRequestResponse({ description: `e.g. '${WEBSITE_MESSAGES.platformInvalid}'` })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.duplicateUrl })
  update(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @EndpointBody(websitesEndpoints.update) body: z.output<typeof updateWebsiteSchema>,
  ): Promise<Website> {
    return this.websites.update(user.id, id, body);
  }

  @Endpoint(websitesEndpoints.remove)
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  async remove(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<void> {
    await this.websites.remove(user.id, id);
  }

  @Endpoint(websitesEndpoints.seoAudit)
  @ApiOperation({ description: 'The documented, weighted checks (SEO_CHECKS) run as a background job.' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.auditRunning })
  audit(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<Website> {
    return this.websites.startAudit(user.id, id);
  }

  @Endpoint(websitesEndpoints.securityCheck)
  @ApiOperation({ description: 'SECURITY_CHECKS, as a background job.' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.securityRunning })
  securityCheck(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<Website> {
    return this.websites.startSecurityCheck(user.id, id);
  }

  @Endpoint(websitesEndpoints.backup)
  @ApiOperation({
    description:
      "Spec §7 (empty body). Its pages are crawled and zipped into a document in 'Website backups', as a background job.",
  })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.backupRunning })
  backup(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<Website> {
    return this.websites.startBackup(user.id, id);
  }

  @Endpoint(websitesEndpoints.createBlogPost)
  @ApiOperation({
    description:
      'Spec §7 (userId, topic, keywords). Written as a background job; sent to WordPress as a draft when the site has credentials.',
  })
  @ApiBadRequestResponse({
    description: `e.g. '${WEBSITE_MESSAGES.topicRequired}', '${WEBSITE_MESSAGES.keywordsRequired}'`,
  })
  @ApiForbiddenResponse({ description: WEBSITE_MESSAGES.otherUser })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  createBlogPost(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @EndpointBody(websitesEndpoints.createBlogPost) body: z.output<typeof createBlogPostSchema>,
  ): Promise<BlogPost> {
    this.websites.assertOwnUserId(user.id, body.userId);
    return this.websites.createBlogPost(user.id, id, body);
  }

  @Endpoint(websitesEndpoints.analytics)
  @ApiOperation({
    description:
      'From the tracking script, oldest day first, days without visits included; days=30 by default (1–90), in the profile timezone.',
  })
  @ApiBadRequestResponse({ description: 'days must be a whole number from 1 to 90' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  analytics(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @EndpointQuery(websitesEndpoints.analytics) query: z.output<typeof websiteAnalyticsQuerySchema>,
  ): Promise<WebsiteAnalyticsDay[]> {
    return this.websites.daily(user.id, id, query.days);
  }

  @Endpoint(websitesEndpoints.blogPosts)
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  blogPosts(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<BlogPost[]> {
    return this.websites.blogPosts(user.id, id);
  }

  @Endpoint(websitesEndpoints.blogPromotion)
  @ApiBadRequestResponse({ description: WEBSITE_MESSAGES.blogPostNotPromotable })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.blogPostNotFound })
  blogPromotion(
    @CurrentUser() user: User,
    @Param('id', new IdParamPipe('Blog post id must be a positive whole number')) id: number,
  ): Promise<BlogPromotion> {
    return this.websites.blogPromotion(user.id, id);
  }

  @Endpoint(websitesEndpoints.publishBlogPost)
  @ApiOperation({
    description:
      "Sets the WordPress draft's status to 'publish' (or creates the post live): the post becomes published with the live link WordPress answers.",
  })
  @ApiBadRequestResponse({
    description: `'${WEBSITE_MESSAGES.blogPostNotPublishable}', '${WEBSITE_MESSAGES.blogPostNoWordPress}', or why WordPress refused`,
  })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.blogPostNotFound })
  publishBlogPost(
    @CurrentUser() user: User,
    @Param('id', new IdParamPipe('Blog post id must be a positive whole number')) id: number,
  ): Promise<BlogPost> {
    return this.websites.publishBlogPost(user.id, id);
  }
}
