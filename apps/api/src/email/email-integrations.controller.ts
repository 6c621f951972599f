import {
  type CreateEmailIntegrationPayload,
  type EmailIntegration,
  emailEndpoints,
  type EmailSyncStarted,
  type UpdateEmailIntegrationPayload,
  planQuotaMessage,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { moduleNotAvailable } from '../feature-toggles/module-access.guard';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import type { User } from '../users/user.entity';
import { toEmailIntegration } from './email-integration.mapper';
import { EmailIntegrationsService } from './email-integrations.service';
import { EmailSyncService } from './sync/email-sync.service';

const integrationId = new IdParamPipe('Email integration id must be a positive whole number');

/** Routes and payloads: `emailEndpoints` in @aide/contracts; each change refetches the lists it names. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class EmailIntegrationsController {
  constructor(
    private readonly integrations: EmailIntegrationsService,
    private readonly sync: EmailSyncService,
  ) {}

  @Endpoint(emailEndpoints.integrations)
  list(@CurrentUser() user: User): Promise<EmailIntegration[]> {
    return this.integrations.list(user.id);
  }

  @Endpoint(emailEndpoints.createIntegration)
  @ApiBadRequestResponse({ description: "Validation failed, e.g. 'Please enter a valid email address'" })
  @ApiConflictResponse({ description: 'This email account is already connected' })
  @ApiForbiddenResponse({
    description: `${moduleNotAvailable('email')}, or past the plan's quota: '${planQuotaMessage('free', 'emailAccounts')}'`,
  })
  async create(
    @CurrentUser() user: User,
    @EndpointBody(emailEndpoints.createIntegration) body: CreateEmailIntegrationPayload,
  ): Promise<EmailIntegration> {
    const created = await this.integrations.create(user.id, body);
    await this.sync.enqueue({ id: created.id, userId: user.id });
    return { ...created, syncing: true };
  }

  @Endpoint(emailEndpoints.syncIntegration)
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async syncNow(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<EmailSyncStarted> {
    const row = await this.integrations.get(user.id, id);
    await this.sync.enqueue(row);
    return { ...toEmailIntegration(row), syncing: true };
  }

  @Endpoint(emailEndpoints.updateIntegration)
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', integrationId) id: number,
    @EndpointBody(emailEndpoints.updateIntegration) body: UpdateEmailIntegrationPayload,
  ): Promise<EmailIntegration> {
    const before = await this.integrations.get(user.id, id);
    const updated = await this.integrations.update(user.id, id, body);
    if (body.syncEnabled === true && !before.syncEnabled) await this.sync.enqueue({ id, userId: user.id });
    return updated;
  }

  @Endpoint(emailEndpoints.removeIntegration)
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async remove(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<void> {
    await this.integrations.remove(user.id, id);
  }
}
