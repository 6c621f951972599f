import { messageLocaleFrom, type NotificationList, notificationsEndpoints } from '@aide/contracts';
import { Controller, Headers, Param, UseGuards } from '@nestjs/common';
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
import { localizeNotifications } from './notification.mapper';
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
  async list(
    @CurrentUser() user: User,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<NotificationList> {
    // Stored in English, read in the reader's language: old notifications follow a language change.
    return localizeNotifications(await this.notifications.list(user.id), messageLocaleFrom(acceptLanguage));
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
