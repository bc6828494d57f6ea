/* The console's service worker: it only shows the push notifications the server sends (scheduled
 * notices: check start, reminders, improvement reports) and opens their link when one is clicked.
 * It caches nothing: the console is always read from the server. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let notice = { title: 'お知らせ', body: '', url: '' };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {
    if (event.data) notice.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body.split('\n\n')[0],
      data: { url: notice.url },
      icon: 'favicon.svg',
      lang: 'ja',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (!url) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.registration.scope));
      if (open) return open.focus().then((w) => w.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
