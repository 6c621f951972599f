import {
  type AuthUser,
  type UpdateUserPlanPayload,
  updateUserPlanSchema,
  type UpdateUserRolePayload,
  updateUserRoleSchema,
} from '@aide/contracts';
import { Body, Get, Param, Patch } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
} from '@nestjs/swagger';
import { AUTH_USER_OPENAPI } from '../auth/auth-user.openapi';
import { AdminController } from '../common/admin-controller.decorator';
import { IdParamPipe } from '../common/id-param.pipe';
import { openApiSchema } from '../common/openapi.util';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { UsersService } from './users.service';

const userId = new IdParamPipe('User id must be a positive whole number');

@AdminController('users')
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOkResponse({ description: 'Every user, oldest first', schema: { type: 'array', items: AUTH_USER_OPENAPI } })
  list(): Promise<AuthUser[]> {
    return this.users.list();
  }

  @Patch(':userId/role')
  @ApiBody({ schema: openApiSchema(updateUserRoleSchema) })
  @ApiOkResponse({
    description: 'The user with the new role; it applies from their next request',
    schema: AUTH_USER_OPENAPI,
  })
  @ApiBadRequestResponse({ description: 'Role must be user or admin' })
  @ApiNotFoundResponse({ description: 'User not found' })
  @ApiConflictResponse({ description: 'The last admin cannot be demoted' })
  updateRole(
    @Param('userId', userId) id: number,
    @Body(new ZodValidationPipe(updateUserRoleSchema)) body: UpdateUserRolePayload,
  ): Promise<AuthUser> {
    return this.users.updateRole(id, body.role);
  }

  @Patch(':userId/plan')
  @ApiBody({ schema: openApiSchema(updateUserPlanSchema) })
  @ApiOkResponse({
    description: 'The user with the new plan; it applies from their next request',
    schema: AUTH_USER_OPENAPI,
  })
  @ApiBadRequestResponse({ description: 'Plan must be one of free, premium or enterprise' })
  @ApiNotFoundResponse({ description: 'User not found' })
  updatePlan(
    @Param('userId', userId) id: number,
    @Body(new ZodValidationPipe(updateUserPlanSchema)) body: UpdateUserPlanPayload,
  ): Promise<AuthUser> {
    return this.users.updatePlan(id, body.plan);
  }
}
