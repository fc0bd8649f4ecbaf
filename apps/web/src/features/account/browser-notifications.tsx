import { useEffect, useId, useState } from 'react';
import { api } from '../../api/client';
import { showFlash } from '../../lib/flash-store';

type State = 'unsupported' | 'off' | 'on' | 'busy';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker that shows the notes (apps/web/public/sw.js). */
const worker = () => navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready);

/**
 * Profile → Browser notifications (docs/product.md §3 "Notifications"): subscribes this browser to
 * Web Push with the server's VAPID key and stores the subscription with the account, or removes it.
 * Which aliases notify is chosen per alias (Settings → Notifications).
 */
export function BrowserNotifications({ userId }: { userId: number }) {
  const id = useId();
  const [state, setState] = useState<State>(supported() ? 'busy' : 'unsupported');

  useEffect(() => {
    if (!supported()) return;
    void navigator.serviceWorker
      .getRegistration('/sw.js')
      .then((reg) => reg?.pushManager.getSubscription())
      .then(
        (sub) => setState(sub ? 'on' : 'off'),
        () => setState('off'),
      );
  }, []);

  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      showFlash('danger', 'The browser did not allow notifications.');
      return false;
    }
    const { public_key } = await api('GET /api/push/key');
    const reg = await worker();
    const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key });
    const { keys } = sub.toJSON();
    const subscription = { endpoint: sub.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
    const res = await api('POST /api/account/:id/push', { params: { id: userId }, body: { subscription } });
    return res.success;
  };
  const turnOff = async () => {
    const sub = await (await navigator.serviceWorker.getRegistration('/sw.js'))?.pushManager.getSubscription();
    if (!sub) return;
    await api('DELETE /api/account/:id/push', { params: { id: userId }, body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  };
  const toggle = async () => {
    const wasOn = state === 'on';
    setState('busy');
    try {
      if (wasOn) {
        await turnOff();
        setState('off');
      } else setState((await turnOn()) ? 'on' : 'off');
    } catch {
      showFlash('danger', 'This browser could not subscribe to notifications.');
      setState(wasOn ? 'on' : 'off');
    }
  };

  return (
    <section className="card profile-section" aria-labelledby={id}>
      <div className="profile-head">
        <h2 id={id}>Browser notifications</h2>
      </div>
      {state === 'unsupported' ? (
        <p className="muted">This browser cannot show notifications.</p>
      ) : (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={state === 'on'}
            disabled={state === 'busy'}
            onChange={() => void toggle()}
          />
          <span>
            Notify this browser of new mail at aliases set to “Browser”. Notes name the alias and the sender’s domain only.
          </span>
        </label>
      )}
    </section>
  );
}
