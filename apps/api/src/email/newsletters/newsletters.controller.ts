import {
  type CreateSenderRulePayload,
  emailNewslettersEndpoints as routes,
  type NewsletterSender,
  type SenderBody,
  type SenderRule,
  type UnsubscribeResult,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import { ApiCookieAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { NewslettersService } from './newsletters.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const ruleId = new IdParamPipe('Rule id must be a positive whole number');

/** Routes and payloads: `emailNewslettersEndpoints` in @aide/contracts. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class NewslettersController {
  constructor(private readonly newsletters: NewslettersService) {}

  @Endpoint(routes.list)
  list(@CurrentUser() user: User): Promise<NewsletterSender[]> {
    return this.newsletters.list(user.id);
  }

  @Endpoint(routes.unsubscribe)
  unsubscribe(
    @CurrentUser() user: User,
    @EndpointBody(routes.unsubscribe) body: SenderBody,
  ): Promise<UnsubscribeResult> {
    return this.newsletters.unsubscribe(user.id, body.sender);
  }

  @Endpoint(routes.archiveAll)
  archiveAll(
    @CurrentUser() user: User,
    @EndpointBody(routes.archiveAll) body: SenderBody,
  ): Promise<{ archived: number }> {
    return this.newsletters.archiveAll(user.id, body.sender);
  }

  @Endpoint(routes.rules)
  rules(@CurrentUser() user: User): Promise<SenderRule[]> {
    return this.newsletters.rules(user.id);
  }

  @Endpoint(routes.createRule)
  createRule(
    @CurrentUser() user: User,
    @EndpointBody(routes.createRule) body: CreateSenderRulePayload,
  ): Promise<SenderRule> {
    return this.newsletters.createRule(user.id, body);
  }

  @Endpoint(routes.deleteRule)
  deleteRule(@CurrentUser() user: User, @Param('id', ruleId) id: number): Promise<void> {
    return this.newsletters.deleteRule(user.id, id);
  }
}
