import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@aide/api-client';
import type { NotificationList } from '@aide/contracts';

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'];

/** GET /api/notifications (the default query fn reads the key's path); re-read when the bell opens. */
export function useNotifications() {
  return useQuery<NotificationList>({ queryKey: NOTIFICATIONS_QUERY_KEY, staleTime: 60_000 });
}

/** PATCH /api/notifications/:id/read and POST /api/notifications/read-all; the list is re-read after either. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const markOne = useMutation({
    mutationFn: (id: number) => api.patch<void>(`/api/notifications/${id}/read`, {}),
    onSuccess,
  });
  const markAll = useMutation({ mutationFn: () => api.post<void>('/api/notifications/read-all'), onSuccess });
  return { markOne, markAll };
}
