// Shows the product's content-free notes of new mail (docs/product.md §3 "Notifications"). The
// payload never holds a subject, body or sender address: only the alias and sender domains.
self.addEventListener('push', (event) => {
  let note = { title: 'New mail', body: '' };
  try {
    note = { ...note, ...event.data.json() };
  } catch {
    // A push without a readable payload still says that mail arrived.
  }
  event.waitUntil(self.registration.showNotification(note.title, { body: note.body, tag: 'new-mail' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow('/'));
});
