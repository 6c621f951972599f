/** Data access for the Website Manager (spec §7); components use these hooks and never call fetch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter, queryKeyOf } from '@aide/api-client';
import {
  type BlogPost,
  type CreateBlogPostPayload,
  type CreateWebsitePayload,
  type EndpointDefinition,
  type UpdateWebsitePayload,
  WEBSITE_LIMITS,
  type Website,
  websitesEndpoints,
} from '@aide/contracts';

/** The site list's key; every other website query's key starts with the same path. */
export const WEBSITES_QUERY_KEY = queryKeyOf(websitesEndpoints.list);
/** The chart's days (spec §2: the last 30). */
const chartQuery = { days: WEBSITE_LIMITS.chartDays };
export const analyticsKey = (id: number) =>
  queryKeyOf(websitesEndpoints.analytics, { params: { id }, query: chartQuery });
export const blogPostsKey = (id: number) => queryKeyOf(websitesEndpoints.blogPosts, { params: { id } });

/**
 * GET /api/websites: the signed-in user's sites. The shell refetches it (and every query under
 * '/api/websites') when an audit, backup, uptime check or blog post job reports.
 */
export function useWebsites() {
  return useQuery(endpointQuery(websitesEndpoints.list));
}

/** GET /api/websites/:id/analytics?days=30: visitors and page views per day, oldest first. */
export function useWebsiteAnalytics(id: number, enabled = true) {
  return useQuery({ ...endpointQuery(websitesEndpoints.analytics, { params: { id }, query: chartQuery }), enabled });
}

/** GET /api/websites/:id/blog-posts, while the site's blog posts are shown. */
export function useBlogPosts(id: number | null) {
  return useQuery({
    ...endpointQuery(websitesEndpoints.blogPosts, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** After a change: the answer goes into the list at once, then what the endpoint changed is refetched. */
function useSiteMutation<TVariables, TResult>(
  definition: EndpointDefinition,
  mutationFn: (variables: TVariables) => Promise<TResult>,
  apply: (list: Website[], result: TResult, variables: TVariables) => Website[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<Website[]>(WEBSITES_QUERY_KEY, (list) => (list ? apply(list, result, variables) : list));
      void invalidateAfter(queryClient, definition);
    },
  });
}

const replace = (list: Website[], site: Website) => list.map((s) => (s.id === site.id ? site : s));

export const useCreateWebsite = () =>
  useSiteMutation(
    websitesEndpoints.create,
    (payload: CreateWebsitePayload) => callEndpoint(websitesEndpoints.create, { body: payload }),
    (list, site) => [...list.filter((s) => s.id !== site.id), site],
  );

export const useUpdateWebsite = () =>
  useSiteMutation(
    websitesEndpoints.update,
    ({ id, payload }: { id: number; payload: UpdateWebsitePayload }) =>
      callEndpoint(websitesEndpoints.update, { params: { id }, body: payload }),
    replace,
  );

export const useDeleteWebsite = () =>
  useSiteMutation(
    websitesEndpoints.remove,
    (id: number) => callEndpoint(websitesEndpoints.remove, { params: { id } }),
    (list, _result, id) => list.filter((s) => s.id !== id),
  );

/** POST /api/websites/:id/backup with an empty body (spec §7): the site answers with its backup pending. */
export const useBackupWebsite = () =>
  useSiteMutation(
    websitesEndpoints.backup,
    (id: number) => callEndpoint(websitesEndpoints.backup, { params: { id } }),
    replace,
  );

export const useSeoAudit = () =>
  useSiteMutation(
    websitesEndpoints.seoAudit,
    (id: number) => callEndpoint(websitesEndpoints.seoAudit, { params: { id } }),
    replace,
  );

export const useSecurityCheck = () =>
  useSiteMutation(
    websitesEndpoints.securityCheck,
    (id: number) => callEndpoint(websitesEndpoints.securityCheck, { params: { id } }),
    replace,
  );

/** POST /api/websites/:id/blog (spec §7: userId, topic, keywords): the post answers pending; a job writes it. */
export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ websiteId, payload }: { websiteId: number; payload: CreateBlogPostPayload }) =>
      callEndpoint(websitesEndpoints.createBlogPost, { params: { id: websiteId }, body: payload }),
    onSuccess: (post) => {
      queryClient.setQueryData<BlogPost[]>(blogPostsKey(post.websiteId), (list) =>
        list ? [post, ...list.filter((p) => p.id !== post.id)] : list,
      );
      void invalidateAfter(queryClient, websitesEndpoints.createBlogPost);
    },
  });
}

/**
 * POST /api/websites/blog-posts/:id/publish (issue 27): the answer, now published with its live
 * link, replaces the post in its site's list at once; then what the endpoint changed is refetched.
 */
export function usePublishBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(websitesEndpoints.publishBlogPost, { params: { id } }) as Promise<BlogPost>,
    onSuccess: (post) => {
      queryClient.setQueryData<BlogPost[]>(blogPostsKey(post.websiteId), (list) =>
        list?.map((p) => (p.id === post.id ? post : p)),
      );
      void invalidateAfter(queryClient, websitesEndpoints.publishBlogPost);
    },
  });
}
