import { type AuthUser, type UpdateUserPlanPayload, type UpdateUserRolePayload, usersEndpoints } from '@aide/contracts';
import { Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.decorator';
import { Endpoint, EndpointBody } from '../common/endpoint';
import { IdParamPipe } from '../common/id-param.pipe';
import { UsersService } from './users.service';

const userId = new IdParamPipe('User id must be a positive whole number');

/** Routes and payloads: `usersEndpoints` in @aide/contracts. */
@AdminController()
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Endpoint(usersEndpoints.list)
  list(): Promise<AuthUser[]> {
    return this.users.list();
  }

  @Endpoint(usersEndpoints.updateRole)
  @ApiBadRequestResponse({ description: 'Role must be user or admin' })
  @ApiNotFoundResponse({ description: 'User not found' })
  @ApiConflictResponse({ description: 'The last admin cannot be demoted' })
  updateRole(
    @Param('userId', userId) id: number,
    @EndpointBody(usersEndpoints.updateRole) body: UpdateUserRolePayload,
  ): Promise<AuthUser> {
    return this.users.updateRole(id, body.role);
  }

  @Endpoint(usersEndpoints.updatePlan)
  @ApiBadRequestResponse({ description: 'Plan must be one of free, premium or enterprise' })
  @ApiNotFoundResponse({ description: 'User not found' })
  updatePlan(
    @Param('userId', userId) id: number,
    @EndpointBody(usersEndpoints.updatePlan) body: UpdateUserPlanPayload,
  ): Promise<AuthUser> {
    return this.users.updatePlan(id, body.plan);
  }
}
