import { z } from 'zod';
import { updateUserPlanSchema, updateUserRoleSchema } from '../admin';
import { authUserSchema } from '../auth';
import { endpoint } from '../endpoint';

const USERS = ['/api/admin/users'] as const;

/** Admin Panel → Users. */
export const usersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    response: z.array(authUserSchema),
    summary: 'Every user, oldest first',
  }),
  updateRole: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:userId/role',
    body: updateUserRoleSchema,
    response: authUserSchema,
    invalidates: USERS,
    entity: 'user',
    summary: 'The user with the new role; it applies from their next request',
  }),
  updatePlan: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:userId/plan',
    body: updateUserPlanSchema,
    response: authUserSchema,
    invalidates: USERS,
    entity: 'user',
    summary: 'The user with the new plan; it applies from their next request',
  }),
};
