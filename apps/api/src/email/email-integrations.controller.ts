import {
  type CreateEmailIntegrationPayload,
  createEmailIntegrationSchema,
  type EmailIntegration,
  type UpdateEmailIntegrationPayload,
  updateEmailIntegrationSchema,
} from '@aide/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
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
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { RequiresModule } from '../feature-toggles/requires-module.decorator';
import { StreamService } from '../stream/stream.service';
import type { User } from '../users/user.entity';
import { EmailIntegrationsService } from './email-integrations.service';

const integrationId = new IdParamPipe('Email integration id must be a positive whole number');

@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller('api/email-integrations')
export class EmailIntegrationsController {
  constructor(
    private readonly integrations: EmailIntegrationsService,
    private readonly stream: StreamService,
  ) {}

  /** The user's other tabs refetch the accounts, and the mail that came or went with them. */
  private changed(userId: number, id: number): Promise<void> {
    return this.stream.publishQuietly([
      {
        userId,
        event: { type: 'entity.changed', entity: { type: 'email-integration', id }, invalidate: ['/api/email-integrations', '/api/emails', '/api/emails/stats', '/api/dashboard'] },
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
  @ApiCreatedResponse({ description: 'Connected; the password is stored encrypted and never returned' })
  @ApiBadRequestResponse({ description: "Validation failed, e.g. 'Please enter a valid email address'" })
  @ApiConflictResponse({ description: 'This email account is already connected' })
  async create(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(createEmailIntegrationSchema)) body: CreateEmailIntegrationPayload,
  ): Promise<EmailIntegration> {
    const created = await this.integrations.create(user.id, body);
    await this.changed(user.id, created.id);
    return created;
  }

  @Patch(':id')
  @ApiBody({ schema: openApiSchema(updateEmailIntegrationSchema) })
  @ApiOkResponse({ description: 'Updated' })
  @ApiNotFoundResponse({ description: 'Email integration not found' })
  async update(
    @CurrentUser() user: User,
    @Param('id', integrationId) id: number,
    @Body(new ZodValidationPipe(updateEmailIntegrationSchema)) body: UpdateEmailIntegrationPayload,
  ): Promise<EmailIntegration> {
    const updated = await this.integrations.update(user.id, id, body);
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
