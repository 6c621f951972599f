import {
  type BlogPost,
  type CreateWebsite,
  createBlogPostSchema,
  createWebsiteSchema,
  updateWebsiteSchema,
  WEBSITE_MESSAGES,
  type Website,
  type WebsiteAnalyticsDay,
  websiteAnalyticsQuerySchema,
  planQuotaMessage,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
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
import { WEBSITE_ENTITY, WEBSITE_INVALIDATES } from './website-job-state';
import { WebsitesService } from './websites.service';

const websiteId = new IdParamPipe('Website id must be a positive whole number');

/** Spec §7 (Websites) and the product's own calls behind the site card's actions. The signed-in user's sites only. */
@ApiTags('websites')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('website')
@Controller('api/websites')
export class WebsitesController {
  constructor(
    private readonly websites: WebsitesService,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs refetch the list. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: { type: 'entity.changed', entity: { type: WEBSITE_ENTITY, id }, invalidate: WEBSITE_INVALIDATES },
      },
    ]);
  }

  @Get()
  @ApiOperation({
    summary: "The user's websites, oldest first",
    description:
      'Traffic from the tracking script (today and this month in the profile timezone), uptime from the periodic checks, the last SEO audit, backup and security check.',
  })
  @ApiOkResponse({ description: 'Website[]' })
  list(@CurrentUser() user: User): Promise<Website[]> {
    return this.websites.list(user.id);
  }

  @Post()
  @ApiOperation({
    summary: 'Add a website',
    description: 'Saved with a fresh tracking siteKey; its first SEO audit is queued.',
  })
  @ApiBody({ schema: openApiSchema(createWebsiteSchema) })
  @ApiCreatedResponse({ description: 'Website (seo.status pending)' })
  @ApiBadRequestResponse({ description: `e.g. '${WEBSITE_MESSAGES.urlInvalid}', '${WEBSITE_MESSAGES.nameRequired}'` })
  @ApiForbiddenResponse({
    description: `${WEBSITE_MESSAGES.otherUser} (a userId that is not yours), or past the plan's quota: '${planQuotaMessage('free', 'websites')}'`,
  })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.duplicateUrl })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createWebsiteSchema)) body: CreateWebsite,
  ): Promise<Website> {
    this.websites.assertOwnUserId(user.id, body.userId);
    const website = await this.websites.create(user.id, body);
    await this.changed(user.id, website.id);
    return website;
  }

  @Patch(':id')
  @ApiOperation({
    summary: "Edit a website's settings",
    description:
      'name, url, platform, isActive, wordpress { username, applicationPassword } (encrypted at rest, never answered; null removes them).',
  })
  @ApiBody({ schema: openApiSchema(updateWebsiteSchema) })
  @ApiOkResponse({ description: 'Website' })
  @ApiBadRequestResponse({ description: `e.g. '${WEBSITE_MESSAGES.platformInvalid}'` })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.duplicateUrl })
  async update(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @Body(new ZodValidationPipe(updateWebsiteSchema)) body: z.output<typeof updateWebsiteSchema>,
  ): Promise<Website> {
    const website = await this.websites.update(user.id, id, body);
    await this.changed(user.id, id);
    return website;
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Removed with its blog posts (its backups stay in Documents)' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  async remove(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<void> {
    await this.websites.remove(user.id, id);
    await this.changed(user.id, id);
  }

  @Post(':id/seo-audit')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Audit the home page for SEO',
    description: 'The documented, weighted checks (SEO_CHECKS) run as a background job.',
  })
  @ApiAcceptedResponse({ description: 'Website (seo.status pending)' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.auditRunning })
  async audit(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<Website> {
    const website = await this.websites.startAudit(user.id, id);
    await this.changed(user.id, id);
    return website;
  }

  @Post(':id/security-check')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Check the home page for security headers and HTTPS',
    description: 'SECURITY_CHECKS, as a background job.',
  })
  @ApiAcceptedResponse({ description: 'Website (security.status pending)' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.securityRunning })
  async securityCheck(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<Website> {
    const website = await this.websites.startSecurityCheck(user.id, id);
    await this.changed(user.id, id);
    return website;
  }

  @Post(':id/backup')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Back up the website',
    description:
      "Spec §7 (empty body). Its pages are crawled and zipped into a document in 'Website backups', as a background job.",
  })
  @ApiAcceptedResponse({ description: 'Website (backup.status pending)' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  @ApiConflictResponse({ description: WEBSITE_MESSAGES.backupRunning })
  async backup(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<Website> {
    const website = await this.websites.startBackup(user.id, id);
    await this.changed(user.id, id);
    return website;
  }

  @Post(':id/blog')
  @ApiOperation({
    summary: 'Write an AI blog post for the website',
    description:
      'Spec §7 (userId, topic, keywords). Written as a background job; sent to WordPress as a draft when the site has credentials.',
  })
  @ApiBody({ schema: openApiSchema(createBlogPostSchema) })
  @ApiCreatedResponse({ description: 'BlogPost (pending)' })
  @ApiBadRequestResponse({
    description: `e.g. '${WEBSITE_MESSAGES.topicRequired}', '${WEBSITE_MESSAGES.keywordsRequired}'`,
  })
  @ApiForbiddenResponse({ description: WEBSITE_MESSAGES.otherUser })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  async createBlogPost(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @Body(new ZodValidationPipe(createBlogPostSchema)) body: z.output<typeof createBlogPostSchema>,
  ): Promise<BlogPost> {
    this.websites.assertOwnUserId(user.id, body.userId);
    const post = await this.websites.createBlogPost(user.id, id, body);
    await this.changed(user.id, id);
    return post;
  }

  @Get(':id/analytics')
  @ApiOperation({
    summary: 'Visitors and page views per day',
    description:
      'From the tracking script, oldest day first, days without visits included; days=30 by default (1–90), in the profile timezone.',
  })
  @ApiOkResponse({ description: 'WebsiteAnalyticsDay[]' })
  @ApiBadRequestResponse({ description: 'days must be a whole number from 1 to 90' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  analytics(
    @CurrentUser() user: User,
    @Param('id', websiteId) id: number,
    @Query(new ZodValidationPipe(websiteAnalyticsQuerySchema)) query: z.output<typeof websiteAnalyticsQuerySchema>,
  ): Promise<WebsiteAnalyticsDay[]> {
    return this.websites.daily(user.id, id, query.days);
  }

  @Get(':id/blog-posts')
  @ApiOperation({ summary: "The website's blog posts, newest first" })
  @ApiOkResponse({ description: 'BlogPost[]' })
  @ApiNotFoundResponse({ description: WEBSITE_MESSAGES.notFound })
  blogPosts(@CurrentUser() user: User, @Param('id', websiteId) id: number): Promise<BlogPost[]> {
    return this.websites.blogPosts(user.id, id);
  }
}
