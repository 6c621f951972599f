/* global self */
/*
 * Aide's service worker: shows the reminders the server sends by Web Push (see
 * apps/api/src/push/), and opens a reminder's page when it is clicked. It handles no fetches: the
 * app and its remotes load from the network as before (no offline copy to go stale).
 */

self.addEventListener('install', () => {
  // A new version takes over at once: it keeps no caches a running page could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message the server sends: { title, body, link, tag } (libs/contracts/src/push.ts). */
function readMessage(data) {
  if (!data) return { title: 'Aide' };
  try {
    return data.json();
  } catch {
    return { title: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title || 'Aide', {
      body: message.body || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      // One notification per reminder: the same one arriving twice replaces itself.
      tag: message.tag || undefined,
      data: { link: message.link || '/' },
    }),
  );
});

/** An in-app path only: a link elsewhere opens the app's start page instead. */
function targetOf(notification) {
  const link = new URL((notification.data && notification.data.link) || '/', self.location.origin);
  return link.origin === self.location.origin ? link.href : new URL('/', self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      const focused = await open.focus();
      return focused.url === target ? focused : focused.navigate(target);
    })(),
  );
});
