/** Data access for Social Media (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  CreateSocialPostPayload,
  PublishSocialPostResult,
  SocialAccount,
  SocialPlatform,
  SocialPlatformStats,
  SocialPost,
  UpdateSocialPostPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { ACCOUNTS_KEY, postsKey, SOCIAL_QUERY_KEY, STATS_KEY } from './socialView';

/**
 * GET /api/social/:userId with the signed-in user's id: every post, newest first. The shell
 * refetches it when a publishing or engagement job reports.
 */
export function useSocialPosts() {
  const { user } = useHost();
  return useQuery<SocialPost[]>({ queryKey: postsKey(user.id) });
}

/** GET /api/social/stats: one entry per platform. */
export const useSocialStats = () => useQuery<SocialPlatformStats[]>({ queryKey: STATS_KEY });

/** GET /api/social-accounts: which platforms are connected (and which could be). */
export const useSocialAccounts = () => useQuery<SocialAccount[]>({ queryKey: ACCOUNTS_KEY });

/** After a change: the answer goes into the list at once, then posts and stats are refetched. */
function usePostMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (list: SocialPost[], result: TResult, variables: TVariables) => SocialPost[],
) {
  const queryClient = useQueryClient();
  const { user } = useHost();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<SocialPost[]>(postsKey(user.id), (list) =>
        list ? apply(list, result, variables) : list,
      );
      void queryClient.invalidateQueries({ queryKey: SOCIAL_QUERY_KEY });
    },
    // A failed publish may still have changed the post (its publishError): refetch either way.
    onError: () => void queryClient.invalidateQueries({ queryKey: SOCIAL_QUERY_KEY }),
  });
}

const replace = (list: SocialPost[], post: SocialPost) => list.map((p) => (p.id === post.id ? post : p));

export const useCreatePost = () =>
  usePostMutation(
    (payload: CreateSocialPostPayload) => api.post<SocialPost>('/api/social/create', payload),
    (list, post) => [post, ...list.filter((p) => p.id !== post.id)],
  );

export const useUpdatePost = () =>
  usePostMutation(
    ({ id, payload }: { id: number; payload: UpdateSocialPostPayload }) =>
      api.patch<SocialPost>(`/api/social/${id}`, payload),
    replace,
  );

export const useSchedulePost = () =>
  usePostMutation(
    ({ id, scheduledAt }: { id: number; scheduledAt: string }) =>
      api.post<SocialPost>(`/api/social/${id}/schedule`, { scheduledAt }),
    replace,
  );

export const useUnschedulePost = () =>
  usePostMutation((id: number) => api.post<SocialPost>(`/api/social/${id}/unschedule`), replace);

export const usePublishPost = () =>
  usePostMutation(
    (id: number) => api.post<PublishSocialPostResult>(`/api/social/${id}/publish`, {}),
    (list, result) => replace(list, result.post),
  );

export const useDeletePost = () =>
  usePostMutation(
    (id: number) => api.delete(`/api/social/${id}`),
    (list, _result, id) => list.filter((p) => p.id !== id),
  );

/** POST /api/social/engagement/refresh (202): the figures arrive through the live stream. */
export function useRefreshEngagement() {
  return useMutation({ mutationFn: () => api.post<void>('/api/social/engagement/refresh') });
}

/** GET /api/auth/social/:platform answers where to send the browser to sign in to the platform. */
export function useConnectAccount() {
  return useMutation({
    mutationFn: (platform: SocialPlatform) => api.get<{ authUrl: string }>(`/api/auth/social/${platform}`),
  });
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SocialPlatform) => api.delete(`/api/social-accounts/${platform}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void queryClient.invalidateQueries({ queryKey: STATS_KEY });
    },
  });
}
