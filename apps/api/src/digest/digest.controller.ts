import { type DigestPreview, digestEndpoints, type DigestUnsubscribeQuery } from '@aide/contracts';
import { Controller, Res, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppMailer } from '../account/app-mailer.service';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointQuery } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { unsubscribePage } from './digest-pages';
import { DigestService } from './digest.service';

/**
 * The weekly digest's routes: the preview in Profile (signed in), and the unsubscribe link of the
 * mail, opened signed out: the signed token in the query is the credential, and the POST is the
 * one-click unsubscribe mail providers send (RFC 8058).
 */
@ApiTags('digest')
@Controller()
export class DigestController {
  constructor(
    private readonly digests: DigestService,
    private readonly mailer: AppMailer,
  ) {}

  @Endpoint(digestEndpoints.preview)
  @ApiCookieAuth()
  @ApiUnauthorizedResponse({ description: 'Signed out' })
  @UseGuards(SessionAuthGuard)
  preview(@CurrentUser() user: User): Promise<DigestPreview> {
    return this.digests.preview(user.id);
  }

  @Endpoint(digestEndpoints.unsubscribe)
  @ApiProduces('text/html')
  @ApiBadRequestResponse({ description: 'The unsubscribe link is not valid' })
  async unsubscribe(
    @EndpointQuery(digestEndpoints.unsubscribe) query: DigestUnsubscribeQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const done = await this.digests.unsubscribe(query.token);
    response.status(done ? 200 : 400).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    return unsubscribePage(done?.language ?? 'en', done !== null, this.mailer.link('/profile'));
  }

  @Endpoint(digestEndpoints.unsubscribeOneClick)
  @ApiBadRequestResponse({ description: 'The unsubscribe link is not valid' })
  async unsubscribeOneClick(
    @EndpointQuery(digestEndpoints.unsubscribeOneClick) query: DigestUnsubscribeQuery,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const done = await this.digests.unsubscribe(query.token);
    response.status(done ? 200 : 400).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    return done ? 'Unsubscribed\n' : 'The unsubscribe link is not valid\n';
  }
}
