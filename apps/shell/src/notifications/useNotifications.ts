import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointQuery, invalidateAfter } from '@aide/api-client';
import { notificationsEndpoints } from '@aide/contracts';

/** GET /api/notifications; re-read when the bell opens. */
export function useNotifications() {
  return useQuery({ ...endpointQuery(notificationsEndpoints.list), staleTime: 60_000 });
}

/** PATCH /api/notifications/:id/read and POST /api/notifications/read-all; the list is re-read after either. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const markOne = useMutation({
    mutationFn: (id: number) => callEndpoint(notificationsEndpoints.read, { params: { id } }),
    onSuccess: () => invalidateAfter(queryClient, notificationsEndpoints.read),
  });
  const markAll = useMutation({
    mutationFn: () => callEndpoint(notificationsEndpoints.readAll),
    onSuccess: () => invalidateAfter(queryClient, notificationsEndpoints.readAll),
  });
  return { markOne, markAll };
}
