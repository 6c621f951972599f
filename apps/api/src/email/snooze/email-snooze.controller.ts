import {
  type Email,
  EMAIL_ACTIONS_MESSAGES,
  emailActionsEndpoints,
  type EmailBulkPayload,
  type EmailBulkResult,
  type EmailBulkUndoPayload,
  type EmailBulkUndoResult,
  type EmailFolders,
  type SnoozeEmailPayload,
} from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { EmailBulkService } from '../bulk/email-bulk.service';
import { EmailSnoozeService } from './email-snooze.service';

const emailId = new IdParamPipe('Email id must be a positive whole number');

/** Snooze and bulk actions (issue 24): routes and payloads are `emailActionsEndpoints` in @aide/contracts. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class EmailActionsController {
  constructor(
    private readonly snoozes: EmailSnoozeService,
    private readonly bulkActions: EmailBulkService,
  ) {}

  @Endpoint(emailActionsEndpoints.snooze)
  @ApiBadRequestResponse({ description: `'${EMAIL_ACTIONS_MESSAGES.snoozeInPast}'` })
  @ApiNotFoundResponse({ description: 'Email not found' })
  snooze(
    @CurrentUser() user: User,
    @Param('id', emailId) id: number,
    @EndpointBody(emailActionsEndpoints.snooze) body: SnoozeEmailPayload,
  ): Promise<Email> {
    return this.snoozes.snooze(user.id, id, body.until);
  }

  @Endpoint(emailActionsEndpoints.unsnooze)
  @ApiNotFoundResponse({ description: 'Email not found' })
  unsnooze(@CurrentUser() user: User, @Param('id', emailId) id: number): Promise<Email> {
    return this.snoozes.unsnooze(user.id, id);
  }

  @Endpoint(emailActionsEndpoints.bulk)
  @ApiBadRequestResponse({ description: `'${EMAIL_ACTIONS_MESSAGES.selectionRequired}'` })
  bulk(
    @CurrentUser() user: User,
    @EndpointBody(emailActionsEndpoints.bulk) body: EmailBulkPayload,
  ): Promise<EmailBulkResult> {
    return this.bulkActions.apply(user.id, body.selection, body.action);
  }

  @Endpoint(emailActionsEndpoints.undo)
  @ApiNotFoundResponse({ description: `'${EMAIL_ACTIONS_MESSAGES.undoExpired}'` })
  undo(
    @CurrentUser() user: User,
    @EndpointBody(emailActionsEndpoints.undo) body: EmailBulkUndoPayload,
  ): Promise<EmailBulkUndoResult> {
    return this.bulkActions.undo(user.id, body.undoToken);
  }

  @Endpoint(emailActionsEndpoints.folders)
  folders(@CurrentUser() user: User): Promise<EmailFolders> {
    return this.bulkActions.folders(user.id);
  }
}
