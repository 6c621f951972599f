import { type AccountSummary, deleteAccountSchema } from '@aide/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { SessionService } from '../auth/session.service';
import { CurrentUser } from '../common/current-user.decorator';
import { openApiSchema } from '../common/openapi.util';
import { SessionAuthGuard } from '../common/session-auth.guard';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { User } from '../users/user.entity';
import { AccountDataService } from './account-data.service';

@ApiTags('account')
@ApiCookieAuth()
@UseGuards(SessionAuthGuard)
@Controller('api/account')
export class AccountDataController {
  constructor(
    private readonly accountData: AccountDataService,
    private readonly sessions: SessionService,
  ) {}

  @Get()
  @ApiOkResponse({ description: 'Whether the account has a password and may delete itself (its plan allows it)' })
  summary(@CurrentUser() user: User): AccountSummary {
    return this.accountData.summary(user);
  }

  @Get('export')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description:
      "A zip of everything of the user: one JSON file per table, and the documents' files (secrets left out)",
  })
  export(@CurrentUser() user: User): StreamableFile {
    const stamp = new Date().toISOString().slice(0, 10);
    return new StreamableFile(this.accountData.export(user.id), {
      type: 'application/zip',
      disposition: `attachment; filename="aide-export-${stamp}.zip"`,
    });
  }

  @Post('delete')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiBody({ schema: openApiSchema(deleteAccountSchema) })
  @ApiNoContentResponse({ description: 'The account, its rows, files and sessions are gone; signed out' })
  @ApiForbiddenResponse({ description: 'Wrong password (or email), or the plan has deletion go through support' })
  @ApiConflictResponse({ description: 'The last admin cannot delete their account' })
  async delete(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(deleteAccountSchema)) body: z.output<typeof deleteAccountSchema>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    await this.accountData.deleteAccount(user, body);
    response.locals.accountDeleted = true; // the activity log records nothing for a user who is gone
    await this.sessions.end(request, response);
  }
}
