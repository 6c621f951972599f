import { eventsEndpoints } from '@aide/contracts';
import { Controller, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { contentEtag } from '../common/content-etag';
import { Endpoint } from '../common/endpoint';
import type { Response } from 'express';
import { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { CalendarFeedService } from './calendar-feed.service';
import { EventsService } from './events.service';
import { toICalendar } from './events-ical';

export const FEED_NOT_FOUND = 'Calendar feed not found';

/** How far back the feed reaches: calendar apps poll it, so decades of history would be resent every time. */
export const FEED_HISTORY_DAYS = 365;

/**
 * GET /api/calendar/feed/<token>.ics for calendar apps, which send no session cookie: the token in
 * the path is the credential. An unknown token, and the feed of a user whose organiser module is
 * locked, both answer 404, so the answer says nothing about which tokens exist.
 */
@ApiTags('calendar')
@Controller()
export class CalendarFeedPublicController {
  constructor(
    private readonly feeds: CalendarFeedService,
    private readonly events: EventsService,
    private readonly toggles: FeatureTogglesService,
  ) {}

  @Endpoint(eventsEndpoints.feed)
  @ApiProduces('text/calendar')
  @ApiNotFoundResponse({ description: FEED_NOT_FOUND })
  async feed(@Param('file') file: string, @Res({ passthrough: true }) response: Response): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : null;
    const owner = token ? await this.feeds.ownerOf(token) : null;
    if (!owner || !(await this.toggles.moduleAvailable(owner, 'organiser')))
      throw new NotFoundException(FEED_NOT_FOUND);
    const from = new Date(Date.now() - FEED_HISTORY_DAYS * 86_400_000);
    const body = toICalendar(await this.events.list(owner.id, { from }));
    // Set here, not with @Header: a 404 must stay JSON. no-cache: revalidate on every poll, so a
    // regenerated token or a locked module takes effect at once; the ETag lets an unchanged feed's
    // poll be a 304 without the body (Express answers it when If-None-Match matches).
    response.set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="aide.ics"',
      'Cache-Control': 'private, no-cache',
      ETag: contentEtag(body),
    });
    return body;
  }
}
