/** Data access for the Website Manager (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type {
  BlogPost,
  CreateBlogPostPayload,
  CreateWebsitePayload,
  UpdateWebsitePayload,
  Website,
  WebsiteAnalyticsDay,
} from '@aide/contracts';
import { analyticsKey, blogPostsKey, WEBSITES_QUERY_KEY } from './websiteView';

/**
 * GET /api/websites: the signed-in user's sites. The shell refetches it (and every query under
 * '/api/websites') when an audit, backup, uptime check or blog post job reports.
 */
export function useWebsites() {
  return useQuery<Website[]>({ queryKey: WEBSITES_QUERY_KEY });
}

/** GET /api/websites/:id/analytics?days=30: visitors and page views per day, oldest first. */
export function useWebsiteAnalytics(id: number, enabled = true) {
  return useQuery<WebsiteAnalyticsDay[]>({ queryKey: analyticsKey(id), enabled });
}

/** GET /api/websites/:id/blog-posts, while the site's blog posts are shown. */
export function useBlogPosts(id: number | null) {
  return useQuery<BlogPost[]>({ queryKey: blogPostsKey(id ?? 0), enabled: id !== null });
}

/** After a change: the answer goes into the list at once, then everything under '/api/websites' is refetched. */
function useSiteMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (list: Website[], result: TResult, variables: TVariables) => Website[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<Website[]>(WEBSITES_QUERY_KEY, (list) => (list ? apply(list, result, variables) : list));
      void queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY });
    },
  });
}

const replace = (list: Website[], site: Website) => list.map((s) => (s.id === site.id ? site : s));

export const useCreateWebsite = () =>
  useSiteMutation(
    (payload: CreateWebsitePayload) => api.post<Website>('/api/websites', payload),
    (list, site) => [...list.filter((s) => s.id !== site.id), site],
  );

export const useUpdateWebsite = () =>
  useSiteMutation(
    ({ id, payload }: { id: number; payload: UpdateWebsitePayload }) =>
      api.patch<Website>(`/api/websites/${id}`, payload),
    replace,
  );

export const useDeleteWebsite = () =>
  useSiteMutation(
    (id: number) => api.delete(`/api/websites/${id}`),
    (list, _result, id) => list.filter((s) => s.id !== id),
  );

/** POST /api/websites/:id/backup with an empty body (spec §7): the site answers with its backup pending. */
export const useBackupWebsite = () =>
  useSiteMutation((id: number) => api.post<Website>(`/api/websites/${id}/backup`), replace);

export const useSeoAudit = () =>
  useSiteMutation((id: number) => api.post<Website>(`/api/websites/${id}/seo-audit`), replace);

export const useSecurityCheck = () =>
  useSiteMutation((id: number) => api.post<Website>(`/api/websites/${id}/security-check`), replace);

/** POST /api/websites/:id/blog (spec §7: userId, topic, keywords): the post answers pending; a job writes it. */
export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ websiteId, payload }: { websiteId: number; payload: CreateBlogPostPayload }) =>
      api.post<BlogPost>(`/api/websites/${websiteId}/blog`, payload),
    onSuccess: (post) => {
      queryClient.setQueryData<BlogPost[]>(blogPostsKey(post.websiteId), (list) =>
        list ? [post, ...list.filter((p) => p.id !== post.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: WEBSITES_QUERY_KEY });
    },
  });
}
