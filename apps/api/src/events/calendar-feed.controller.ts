import type { CalendarFeedInfo } from '@aide/contracts';
import { Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiCookieAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse, type SchemaObject } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import type { Env } from '../config/env.schema';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { CalendarFeedService } from './calendar-feed.service';

export const FEED_PATH = '/api/calendar/feed';

const FEED_INFO: SchemaObject = {
  type: 'object',
  properties: { url: { type: 'string', format: 'uri' } },
  required: ['url'],
};

/** The signed-in user's iCalendar subscription URL (the feed itself: calendar-feed-public.controller.ts). */
@ApiTags('calendar')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller('api/calendar/feed')
export class CalendarFeedController {
  constructor(
    private readonly feeds: CalendarFeedService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** Absolute, so it can be pasted into any calendar app: PUBLIC_URL, else this request's protocol and host. */
  private feedUrl(request: Request, token: string): CalendarFeedInfo {
    const origin = this.config.get('PUBLIC_URL', { infer: true }) ?? `${request.protocol}://${request.host}`;
    return { url: `${origin}${FEED_PATH}/${token}.ics` };
  }

  @Get()
  @ApiOkResponse({
    description: 'The feed URL, created on first use; anyone with it can read your events',
    schema: FEED_INFO,
  })
  async info(@CurrentUser() user: User, @Req() request: Request): Promise<CalendarFeedInfo> {
    return this.feedUrl(request, await this.feeds.tokenFor(user.id));
  }

  @Post('regenerate')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'A new feed URL; the previous one stops working', schema: FEED_INFO })
  async regenerate(@CurrentUser() user: User, @Req() request: Request): Promise<CalendarFeedInfo> {
    return this.feedUrl(request, await this.feeds.regenerate(user.id));
  }
}
