import { accountDataEndpoints, type AccountSummary, type deleteAccountSchema } from '@aide/contracts';
import { Controller, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiCookieAuth, ApiForbiddenResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { SessionService } from '../auth/session.service';
import { CurrentUser } from '../common/current-user.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { SessionAuthGuard } from '../common/session-auth.guard';
import type { User } from '../users/user.entity';
import { AccountDataService } from './account-data.service';

/** Routes and payloads: `accountDataEndpoints` in @aide/contracts. */
@ApiTags('account')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard)
@Controller()
export class AccountDataController {
  constructor(
    private readonly accountData: AccountDataService,
    private readonly sessions: SessionService,
  ) {}

  @Endpoint(accountDataEndpoints.summary)
  summary(@CurrentUser() user: User): AccountSummary {
    return this.accountData.summary(user);
  }

  @Endpoint(accountDataEndpoints.export)
  @ApiProduces('application/zip')
  export(@CurrentUser() user: User): StreamableFile {
    const stamp = new Date().toISOString().slice(0, 10);
    return new StreamableFile(this.accountData.export(user.id), {
      type: 'application/zip',
      disposition: `attachment; filename="aide-export-${stamp}.zip"`,
    });
  }

  @Endpoint(accountDataEndpoints.delete)
  @ApiForbiddenResponse({ description: 'Wrong password (or email), or the plan has deletion go through support' })
  @ApiConflictResponse({ description: 'The last admin cannot delete their account' })
  async delete(
    @CurrentUser() user: User,
    @EndpointBody(accountDataEndpoints.delete) body: z.output<typeof deleteAccountSchema>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.accountData.deleteAccount(user, body);
    response.locals.accountDeleted = true; // the activity log records nothing for a user who is gone
    await this.sessions.end(request, response);
  }
}
