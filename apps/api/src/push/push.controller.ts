import {
  type PushPublicKey,
  pushEndpoints,
  type PushSubscriptionPayload,
  type PushUnsubscribePayload,
} from '@aide/contracts';
import { Controller, Headers, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody, EndpointQuery } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { PushService } from './push.service';

/** Web Push subscriptions: part of the shell (its service worker), so any signed-in user has them. */
@ApiTags('push')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Endpoint(pushEndpoints.publicKey)
  publicKey(): PushPublicKey {
    return { publicKey: this.push.publicKey };
  }

  @Endpoint(pushEndpoints.subscribe)
  @ApiBadRequestResponse({ description: 'Push endpoint must be an https:// URL; Push subscription keys are not valid' })
  subscribe(
    @CurrentUser() user: User,
    @EndpointBody(pushEndpoints.subscribe) body: PushSubscriptionPayload,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<void> {
    return this.push.subscribe(user.id, body, userAgent);
  }

  @Endpoint(pushEndpoints.unsubscribe)
  @ApiBadRequestResponse({ description: 'Push endpoint must be an https:// URL' })
  unsubscribe(
    @CurrentUser() user: User,
    @EndpointQuery(pushEndpoints.unsubscribe) query: PushUnsubscribePayload,
  ): Promise<void> {
    return this.push.unsubscribe(user.id, query.endpoint);
  }
}
