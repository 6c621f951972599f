import { callEndpoint } from '@aide/api-client';
import { pushEndpoints, type PushSubscriptionPayload } from '@aide/contracts';
import { SERVICE_WORKER_URL } from './registerServiceWorker';

/** Whether this browser can take Web Push at all (an old one, or an iPhone outside the home screen, cannot). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The VAPID key as the Uint8Array pushManager.subscribe() takes. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? navigator.serviceWorker.register(SERVICE_WORKER_URL);
}

/** Where this browser stands: push unsupported, notifications blocked, subscribed here, or not (yet). */
export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'unsubscribed';

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const current = await navigator.serviceWorker.getRegistration();
  const subscription = await current?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'unsubscribed';
}

/**
 * Turns push on in this browser: asks for permission (call it from the click), subscribes with the
 * server's VAPID key, and gives the server the subscription. Answers the state it ends in; throws
 * when the browser's push service refuses (e.g. unreachable).
 */
export async function subscribeThisBrowser(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'unsubscribed';
  const [worker, { publicKey }] = await Promise.all([registration(), callEndpoint(pushEndpoints.publicKey)]);
  await navigator.serviceWorker.ready;
  const key = applicationServerKey(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  // Subscribed with another server key (a new deployment): that subscription cannot be used.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await callEndpoint(pushEndpoints.subscribe, { body: subscription.toJSON() as PushSubscriptionPayload });
  return 'subscribed';
}

/** Turns push off in this browser: the server forgets the subscription, and the browser drops it. */
export async function unsubscribeThisBrowser(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const current = await navigator.serviceWorker.getRegistration();
  const subscription = await current?.pushManager.getSubscription();
  if (subscription) {
    await callEndpoint(pushEndpoints.unsubscribe, { query: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'denied' : 'unsubscribed';
}
