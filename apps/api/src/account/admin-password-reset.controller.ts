import type { PasswordResetLink } from '@aide/contracts';
import { HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminController } from '../common/admin-controller.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { AccountService } from './account.service';

// eslint-disable-next-line no-useless-assignment -- false positive: its read in a parameter decorator is missed (eslint/eslint#20947)
const userId = new IdParamPipe('User id must be a positive whole number');

/** Admin Panel → Users → Reset password: the way back in while the server sends no mail. */
@AdminController('users')
export class AdminPasswordResetController {
  constructor(private readonly account: AccountService) {}

  @Post(':userId/password-reset-link')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({
    description: 'A one-use link (24 hours) to set a new password, shown once for the admin to hand over',
  })
  @ApiNotFoundResponse({ description: 'User not found' })
  create(@Param('userId', userId) id: number, @Req() request: Request): Promise<PasswordResetLink> {
    return this.account.adminResetLink(id, `${request.protocol}://${request.get('host')}`);
  }
}
