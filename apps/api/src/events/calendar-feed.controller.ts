import { type CalendarFeedInfo, eventsEndpoints } from '@aide/contracts';
import { Controller, Req } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint } from '../common/endpoint';
import type { Env } from '../config/env.schema';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { CalendarFeedService } from './calendar-feed.service';

export const FEED_PATH = eventsEndpoints.feedInfo.path;

/** The signed-in user's iCalendar subscription URL (the feed itself: calendar-feed-public.controller.ts). */
@ApiTags('calendar')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('organiser')
@Controller()
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

  @Endpoint(eventsEndpoints.feedInfo)
  async info(@CurrentUser() user: User, @Req() request: Request): Promise<CalendarFeedInfo> {
    return this.feedUrl(request, await this.feeds.tokenFor(user.id));
  }

  @Endpoint(eventsEndpoints.regenerateFeed)
  async regenerate(@CurrentUser() user: User, @Req() request: Request): Promise<CalendarFeedInfo> {
    return this.feedUrl(request, await this.feeds.regenerate(user.id));
  }
}
