import { endpoint } from '../endpoint';
import { pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../push';

/** Web Push: the shell's service worker shows reminders while the app is closed. Any signed-in user. */
export const pushEndpoints = {
  publicKey: endpoint({
    method: 'GET',
    path: '/api/push/public-key',
    response: pushPublicKeySchema,
    summary: "The server's VAPID public key (the applicationServerKey to subscribe with)",
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    body: pushSubscriptionSchema,
    status: 204,
    response: null,
    summary: "Keeps this browser's push subscription (the same endpoint again replaces its keys)",
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    // A query, not a body: DELETE requests carry none (the api-client sends none).
    query: pushUnsubscribeSchema,
    status: 204,
    response: null,
    summary: "Forgets this browser's push subscription (none: nothing to do)",
  }),
};
