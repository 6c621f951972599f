import { accountEndpoints, type PasswordResetLink } from '@aide/contracts';
import { Param, Req } from '@nestjs/common';
import { ApiNotFoundResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminController } from '../common/admin-controller.decorator';
import { Endpoint } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { AccountService } from './account.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const userId = new IdParamPipe('User id must be a positive whole number');

/** Admin Panel → Users → Reset password: the way back in while the server sends no mail. */
@AdminController()
export class AdminPasswordResetController {
  constructor(private readonly account: AccountService) {}

  @Endpoint(accountEndpoints.adminResetLink)
  @ApiNotFoundResponse({ description: 'User not found' })
  create(@Param('userId', userId) id: number, @Req() request: Request): Promise<PasswordResetLink> {
    return this.account.adminResetLink(id, `${request.protocol}://${request.get('host')}`);
  }
}
