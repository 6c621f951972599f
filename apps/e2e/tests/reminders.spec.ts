import { expect, test } from '@playwright/test';
import { startWebPushEndpoint, type WebPushEndpoint } from '@aide/api/test/web-push-endpoint';
import type { PushMessage } from '@aide/contracts';
import { dashboardGreeting, signUpViaApi } from './helpers';

/**
 * A reminder reaches the person twice: in the bell, live, and as a push notification shown by the
 * app's service worker.
 *
 * What is real: the app, its API and database, the reminder sweep (run by the event's save), the
 * stream that lights the bell, the API's Web Push request (VAPID-signed, aes128gcm-encrypted, sent
 * over the outbound policy to a push service on 127.0.0.1), the service worker (apps/shell/public/sw.js)
 * showing the notification, and Chromium's notification store it is read back from.
 * What stands in: the browser vendor's push service. Headless Chromium here has none
 * (pushManager.subscribe() is refused), so the subscription is one the local push service made
 * (a P-256 key pair and auth secret, as a browser makes them), handed to the API as the browser
 * would hand it; and what that push service received and decrypted is delivered to the page's
 * service worker through DevTools (ServiceWorker.deliverPushMessage), as the vendor's would.
 */
let pushService: WebPushEndpoint;
test.beforeAll(async () => {
  pushService = await startWebPushEndpoint();
});
test.afterAll(async () => {
  await pushService?.close();
});

test('an event starting soon reminds in the bell, live, and as a push notification', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await context.grantPermissions(['notifications'], { origin });
  await signUpViaApi(page, 'Rita', 'Reminder');
  await page.goto('/');
  await expect(dashboardGreeting(page)).toBeVisible();
  // The shell registers its service worker once the page has loaded.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${origin}/`);

  // The real browser subscription is refused here: no push service to subscribe with.
  const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string };
  const attempt = await page.evaluate(async (key) => {
    const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4));
    const registration = await navigator.serviceWorker.ready;
    try {
      await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(raw, (c) => c.charCodeAt(0)),
      });
      return 'subscribed';
    } catch (error) {
      return (error as Error).name;
    }
  }, publicKey);
  test.info().annotations.push({ type: 'pushManager.subscribe()', description: attempt });

  const subscription = pushService.subscribe();
  expect((await page.request.post('/api/push/subscriptions', { data: subscription.json })).status()).toBe(204);

  // Starts in 9 minutes, no reminder of its own: the profile's default, 10 minutes before, is already due.
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(0);
  const start = new Date(Date.now() + 9 * 60_000);
  const created = await page.request.post('/api/events', {
    data: {
      title: 'Design review',
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      location: 'Room 4',
    },
  });
  expect(created.status()).toBe(201);

  // In the bell, without a reload.
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(1);
  await bell.click();
  const item = page.getByText(/^Design review starts in (9|10) minutes$/);
  await expect(item).toBeVisible();
  const title = (await item.textContent())!;

  // The push service got one message, signed with the API's VAPID key, decrypted to the reminder.
  await expect.poll(() => pushService.received.filter((r) => r.subscriptionId === subscription.id).length).toBe(1);
  const received = pushService.received.find((r) => r.subscriptionId === subscription.id)!;
  expect(received.vapidKey).toBe(publicKey);
  const message = JSON.parse(received.text) as PushMessage;
  expect(message).toEqual({ title, body: 'Room 4', link: '/calendar', tag: expect.stringMatching(/^event_reminder:/) });

  // Delivered to the page's service worker as the browser's push service would: it shows the notification.
  const devtools = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  devtools.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  // What the worker reported, for the failure message: its errors and the states it went through.
  const workerLog: string[] = [];
  devtools.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    workerLog.push(`error: ${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`),
  );
  devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }) =>
    workerLog.push(...versions.map((v) => `version ${v.versionId}: ${v.status}, ${v.runningStatus}`)),
  );
  await devtools.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => r.scopeURL === `${origin}/`)).toBe(true);
  const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/`)!;

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        link: (n.data as { link?: string } | null)?.link,
      })),
    );
  // DevTools hands the message over and forgets it: it does not say whether the worker started and
  // ran its push event. A push service keeps delivering until the browser has handled the message
  // (RFC 8030 §5), so the stand-in does too. A second delivery of the same reminder must replace the
  // first (its tag), so exactly one notification is still what the person sees.
  let deliveries = 0;
  await expect(async () => {
    deliveries += 1;
    await devtools.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: received.text });
    await expect
      .poll(shown, { timeout: 10_000, message: `after ${deliveries} deliveries; the worker: ${workerLog.join('; ')}` })
      .toEqual([{ title, body: 'Room 4', tag: message.tag, link: '/calendar' }]);
  }).toPass({ timeout: 60_000 });
  test.info().annotations.push({ type: 'push deliveries until shown', description: String(deliveries) });
});
