/** Users for the Admin Panel (spec §7): the list, and role and plan changes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { AuthUser, UserPlan, UserRole } from '@aide/contracts';
import { AUTH_QUERY_KEY } from '../auth/useAuth';

export const ADMIN_USERS_QUERY_KEY = ['/api/admin/users'] as const;
export const UPDATE_USER_MUTATION_KEY = ['admin', 'users', 'update'] as const;

export function useAdminUsers() {
  return useQuery<AuthUser[]>({ queryKey: ADMIN_USERS_QUERY_KEY });
}

export type UpdateUserVariables = { id: number; role: UserRole } | { id: number; plan: UserPlan };

/** One mutation for both fields, so a row can show every change still in flight (useMutationState). */
export function useUpdateUser(signedInUserId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: UPDATE_USER_MUTATION_KEY,
    mutationFn: (v: UpdateUserVariables) =>
      'role' in v
        ? api.patch<AuthUser>(`/api/admin/users/${v.id}/role`, { role: v.role })
        : api.patch<AuthUser>(`/api/admin/users/${v.id}/plan`, { plan: v.plan }),
    onSuccess: (_user, v) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
        // Changing your own role or plan changes what the shell shows you (the sidebar, this panel).
        v.id === signedInUserId ? queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY }) : undefined,
      ]),
  });
}
