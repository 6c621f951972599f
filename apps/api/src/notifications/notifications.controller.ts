import { type NotificationList, NOTIFICATIONS_PAGE_SIZE } from '@aide/contracts';
import { Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { NOTIFICATION_LIST_OPENAPI } from './notification.openapi';
import { NotificationsService } from './notifications.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const notificationId = new IdParamPipe('Notification id must be a positive whole number');

/** The header's bell: part of the shell, so any signed-in user has it whatever their modules. */
@ApiTags('notifications')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOkResponse({
    description: `The newest ${NOTIFICATIONS_PAGE_SIZE}, newest first, and the unread count over all`,
    schema: NOTIFICATION_LIST_OPENAPI,
  })
  list(@CurrentUser() user: User): Promise<NotificationList> {
    return this.notifications.list(user.id);
  }

  @Post('read-all')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: "Every one of the user's notifications is read" })
  readAll(@CurrentUser() user: User): Promise<void> {
    return this.notifications.markAllRead(user.id);
  }

  @Patch(':id/read')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Marked read (already read ones keep their first readAt)' })
  @ApiBadRequestResponse({ description: 'Notification id must be a positive whole number' })
  @ApiNotFoundResponse({ description: 'Notification not found' })
  read(@CurrentUser() user: User, @Param('id', notificationId) id: number): Promise<void> {
    return this.notifications.markRead(user.id, id);
  }
}
