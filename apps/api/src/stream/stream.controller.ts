import { streamEndpoints } from '@aide/contracts';
import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { SseConnection } from './sse-connection';
import { StreamHub } from './stream-hub';
import { StreamSettings } from './stream-settings';

@ApiTags('stream')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller()
export class StreamController {
  constructor(
    private readonly hub: StreamHub,
    private readonly settings: StreamSettings,
  ) {}

  /** The signed-in user's live events (libs/contracts/src/stream.ts) until the client closes it. */
  @Endpoint(streamEndpoints.open)
  @ApiProduces('text/event-stream')
  open(@CurrentUser() user: User, @Req() request: Request, @Res() response: Response): void {
    const connection = new SseConnection(user.id, request, response, this.settings);
    const unsubscribe = this.hub.add(connection);
    connection.open(unsubscribe);
  }
}
