import { emailAssistEndpoints, type ReplyHelp } from '@aide/contracts';
import { Controller, Param } from '@nestjs/common';
import { ApiCookieAuth, ApiNotFoundResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../common/current-user.decorator';
import { Endpoint } from '../../common/endpoint';
import { IdParamPipe } from '../../common/id-param.pipe';
import { RequiresModule } from '../../feature-toggles/requires-module.decorator';
import type { User } from '../../users/user.entity';
import { ReplyHelpService } from './reply-help.service';

/** Reply help (issue 24): `emailAssistEndpoints` in @aide/contracts. */
@ApiTags('email')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ description: 'Signed out' })
@RequiresModule('email')
@Controller()
export class ReplyHelpController {
  constructor(private readonly replyHelp: ReplyHelpService) {}

  @Endpoint(emailAssistEndpoints.replyHelp)
  @ApiNotFoundResponse({ description: 'Email not found' })
  help(
    @CurrentUser() user: User,
    @Param('id', new IdParamPipe('Email id must be a positive whole number')) id: number,
  ): Promise<ReplyHelp> {
    return this.replyHelp.help(user.id, id);
  }
}
