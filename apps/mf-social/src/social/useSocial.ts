/** Data access for Social Media (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type CreateSocialPostPayload,
  type EndpointDefinition,
  socialEndpoints,
  type SocialPlatform,
  type SocialPost,
  type UpdateSocialPostPayload,
} from '@aide/contracts';
import { useHost } from '@aide/module-kit';

/**
 * The signed-in user's posts, newest first. The shell refetches them when a publishing or
 * engagement job reports.
 */
export function useSocialPosts() {
  const { user } = useHost();
  return useQuery(endpointQuery(socialEndpoints.list, { params: { userId: user.id } }));
}

/** One entry per platform. */
export const useSocialStats = () => useQuery(endpointQuery(socialEndpoints.stats));

/** Which platforms are connected (and which could be). */
export const useSocialAccounts = () => useQuery(endpointQuery(socialEndpoints.accounts));

/** After a change: the answer goes into the list at once, then what the change made stale is refetched. */
function usePostMutation<TVariables, TResult>(
  definition: EndpointDefinition,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (list: SocialPost[], result: TResult, variables: TVariables) => SocialPost[],
) {
  const queryClient = useQueryClient();
  const { user } = useHost();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<SocialPost[]>(
        queryKeyOf(socialEndpoints.list, { params: { userId: user.id } }),
        (list) => (list ? apply(list, result, variables) : list),
      );
      void invalidateAfter(queryClient, definition);
    },
    // A failed publish may still have changed the post (its publishError): refetch either way.
    onError: () => void invalidateAfter(queryClient, definition),
  });
}

const replace = (list: SocialPost[], post: SocialPost) => list.map((p) => (p.id === post.id ? post : p));

export const useCreatePost = () =>
  usePostMutation(
    socialEndpoints.create,
    (payload: CreateSocialPostPayload) => callEndpoint(socialEndpoints.create, { body: payload }),
    (list, post) => [post, ...list.filter((p) => p.id !== post.id)],
  );

export const useUpdatePost = () =>
  usePostMutation(
    socialEndpoints.update,
    ({ id, payload }: { id: number; payload: UpdateSocialPostPayload }) =>
      callEndpoint(socialEndpoints.update, { params: { id }, body: payload }),
    replace,
  );

export const useSchedulePost = () =>
  usePostMutation(
    socialEndpoints.schedule,
    ({ id, scheduledAt }: { id: number; scheduledAt: string }) =>
      callEndpoint(socialEndpoints.schedule, { params: { id }, body: { scheduledAt } }),
    replace,
  );

export const useUnschedulePost = () =>
  usePostMutation(
    socialEndpoints.unschedule,
    (id: number) => callEndpoint(socialEndpoints.unschedule, { params: { id } }),
    replace,
  );

export const usePublishPost = () =>
  usePostMutation(
    socialEndpoints.publish,
    (id: number) => callEndpoint(socialEndpoints.publish, { params: { id } }),
    (list, result) => replace(list, result.post),
  );

export const useDeletePost = () =>
  usePostMutation(
    socialEndpoints.remove,
    (id: number) => callEndpoint(socialEndpoints.remove, { params: { id } }),
    (list, _result, id) => list.filter((p) => p.id !== id),
  );

/** Answers 202: the figures arrive through the live stream. */
export function useRefreshEngagement() {
  return useMutation({ mutationFn: () => callEndpoint(socialEndpoints.refreshEngagement) });
}

/** Answers where to send the browser to sign in to the platform. */
export function useConnectAccount() {
  return useMutation({
    mutationFn: (platform: SocialPlatform) => callEndpoint(socialEndpoints.connect, { params: { platform } }),
  });
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SocialPlatform) => callEndpoint(socialEndpoints.disconnect, { params: { platform } }),
    onSettled: () => void invalidateAfter(queryClient, socialEndpoints.disconnect),
  });
}
