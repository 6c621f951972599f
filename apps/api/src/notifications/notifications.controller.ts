import { type NotificationList, notificationsEndpoints } from '@aide/contracts';
import { Controller, Param, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { NotificationsService } from './notifications.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const notificationId = new IdParamPipe('Notification id must be a positive whole number');

/** The header's bell: part of the shell, so any signed-in user has it whatever their modules. */
@ApiTags('notifications')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@UseGuards(SessionAuthGuard)
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint(notificationsEndpoints.list)
  list(@CurrentUser() user: User): Promise<NotificationList> {
    return this.notifications.list(user.id);
  }

  @Endpoint(notificationsEndpoints.readAll)
  readAll(@CurrentUser() user: User): Promise<void> {
    return this.notifications.markAllRead(user.id);
  }

  @Endpoint(notificationsEndpoints.read)
  @ApiBadRequestResponse({ description: 'Notification id must be a positive whole number' })
  @ApiNotFoundResponse({ description: 'Notification not found' })
  read(@CurrentUser() user: User, @Param('id', notificationId) id: number): Promise<void> {
    return this.notifications.markRead(user.id, id);
  }
}
