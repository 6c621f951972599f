import { z } from 'zod';

/** Column widths of a push subscription (push services' endpoints are a few hundred characters). */
export const PUSH_LIMITS = { endpoint: 1000, key: 200, userAgent: 200 } as const;

/** An unpadded base64url value, as PushSubscription.toJSON() gives the keys. */
const base64url = (message: string) =>
  z
    .string({ error: message })
    .max(PUSH_LIMITS.key, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message);

/** The push service's URL; the API checks the scheme (https:// for a real push service). */
const pushEndpoint = z
  .string({ error: 'Push endpoint is required' })
  .max(PUSH_LIMITS.endpoint, `Push endpoint must be at most ${PUSH_LIMITS.endpoint} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Push endpoint must be an https:// URL' }));

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON() (expirationTime ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object(
    {
      p256dh: base64url('Push subscription keys are not valid'),
      auth: base64url('Push subscription keys are not valid'),
    },
    { error: 'Push subscription keys are not valid' },
  ),
});
export type PushSubscriptionPayload = z.input<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: which of the user's subscriptions to forget. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });
export type PushUnsubscribePayload = z.input<typeof pushUnsubscribeSchema>;

/** GET /api/push/public-key: the VAPID public key, the applicationServerKey for pushManager.subscribe(). */
export const pushPublicKeySchema = z.object({
  /** The uncompressed P-256 point, base64url without padding. */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What one push message carries (JSON, encrypted for the subscription); the service worker shows it. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string().nullable(),
  /** An in-app path opened when the notification is clicked, e.g. '/calendar'. */
  link: z.string().nullable(),
  /** Notifications with the same tag replace each other (one per reminder). */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
