/** Users for the Admin Panel (spec §7): the list, and role and plan changes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import { type UserPlan, type UserRole, usersEndpoints } from '@aide/contracts';
import { AUTH_QUERY_KEY } from '../auth/useAuth';

export const ADMIN_USERS_QUERY_KEY = queryKeyOf(usersEndpoints.list);
export const UPDATE_USER_MUTATION_KEY = ['admin', 'users', 'update'] as const;

export function useAdminUsers() {
  return useQuery(endpointQuery(usersEndpoints.list));
}

export type UpdateUserVariables = { id: number; role: UserRole } | { id: number; plan: UserPlan };

/** One mutation for both fields, so a row can show every change still in flight (useMutationState). */
export function useUpdateUser(signedInUserId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_USER_MUTATION_KEY,
    mutationFn: (v: UpdateUserVariables) =>
      'role' in v
        ? callEndpoint(usersEndpoints.updateRole, { params: { userId: v.id }, body: { role: v.role } })
        : callEndpoint(usersEndpoints.updatePlan, { params: { userId: v.id }, body: { plan: v.plan } }),
    onSuccess: (_user, v) =>
      Promise.all([
        invalidateAfter(queryClient, 'role' in v ? usersEndpoints.updateRole : usersEndpoints.updatePlan),
        // Changing your own role or plan changes what the shell shows you (the sidebar, this panel).
        v.id === signedInUserId ? queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY }) : undefined,
      ]),
  });
}
