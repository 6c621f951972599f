import { EMAIL_THREAD_MESSAGES, emailThreadEndpoints, type EmailThread } from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import { ApiCookieAuth, ApiNotFoundResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { EmailThreadsService } from './email-threads.service';

/** Conversations (issue 24). The list's one row per conversation is GET /api/emails?threads=true (EmailsController). */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class EmailThreadsController {
  constructor(private readonly threads: EmailThreadsService) {}

  @Endpoint(emailThreadEndpoints.get)
  @ApiNotFoundResponse({ description: EMAIL_THREAD_MESSAGES.threadNotFound })
  get(
    @CurrentUser() user: User,
    @Param('threadId', new IdParamPipe(EMAIL_THREAD_MESSAGES.threadIdInvalid)) id: number,
  ): Promise<EmailThread> {
    return this.threads.get(user.id, id);
  }
}
