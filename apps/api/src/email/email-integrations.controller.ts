import {
  type CreateEmailIntegrationPayload,
  createEmailIntegrationSchema,
  type EmailIntegration,
  type EmailSyncStarted,
  type UpdateEmailIntegrationPayload,
  updateEmailIntegrationSchema,
  planQuotaMessage,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiForbiddenResponse,
} from '@nestjs/swagger';
import { moduleNotAvailable } from '../feature-toggles/module-access.guard';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { toEmailIntegration } from './email-integration.mapper';
import { EmailIntegrationsService } from './email-integrations.service';
import { EmailSyncService } from './sync/email-sync.service';

const integrationId = new IdParamPipe('Email integration id must be a positive whole number');

@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller('api/email-integrations')
export class EmailIntegrationsController {
  constructor(
    private readonly integrations: EmailIntegrationsService,
    private readonly sync: EmailSyncService,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs refetch the accounts, and the mail that came or went with them. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: {
          type: 'entity.changed',
          entity: { type: 'email-integration', id },
          invalidate: ['/api/email-integrations', '/api/emails', '/api/emails/stats', '/api/dashboard'],
        },
      },
    ]);
  }

  @Get()
  @ApiOkResponse({ description: "The signed-in user's mail accounts, oldest first (never a password or token)" })
  list(@CurrentUser() user: User): Promise<EmailIntegration[]> {
    return this.integrations.list(user.id);
  }

  @Post()
  @ApiBody({ schema: openApiSchema(createEmailIntegrationSchema) })
  @ApiCreatedResponse({
    description: 'Connected; the password is stored encrypted and never returned; the first sync is queued',
  })
  @ApiBadRequestResponse({ description: "Validation failed, e.g. 'Please enter a valid email address'" })
  @ApiConflictResponse({ description: 'This email account is already connected' })
  @ApiForbiddenResponse({
    description: `${moduleNotAvailable('email')}, or past the plan's quota: '${planQuotaMessage('free', 'emailAccounts')}'`,
  })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createEmailIntegrationSchema)) body: CreateEmailIntegrationPayload,
  ): Promise<EmailIntegration> {
    const created = await this.integrations.create(user.id, body);
    await this.sync.enqueue({ id: created.id, userId: user.id });
    await this.changed(user.id, created.id);
    return { ...created, syncing: true };
  }

  @Post(':id/sync')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: 'A sync is queued (Sync Now); the account comes back with syncing: true' })
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async syncNow(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<EmailSyncStarted> {
    const row = await this.integrations.get(user.id, id);
    await this.sync.enqueue(row);
    await this.changed(user.id, id);
    return { ...toEmailIntegration(row), syncing: true };
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateEmailIntegrationSchema) })
  @ApiOkResponse({ description: 'Updated; turning sync on queues a sync' })
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', integrationId) id: number,
    @Body(new ZodValidationPipe(updateEmailIntegrationSchema)) body: UpdateEmailIntegrationPayload,
  ): Promise<EmailIntegration> {
    const before = await this.integrations.get(user.id, id);
    const updated = await this.integrations.update(user.id, id, body);
    if (body.syncEnabled === true && !before.syncEnabled) await this.sync.enqueue({ id, userId: user.id });
    await this.changed(user.id, id);
    return updated;
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Removed, with the mail synced from it' })
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async remove(@CurrentUser() user: User, @Param('id', integrationId) id: number): Promise<void> {
    await this.integrations.remove(user.id, id);
    await this.changed(user.id, id);
  }
}
