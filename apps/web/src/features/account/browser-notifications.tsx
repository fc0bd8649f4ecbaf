import { useEffect, useId, useState } from 'react';
import { showFlash } from '../../lib/flash-store';
import { browserSubscription, subscribeBrowser, unsubscribeBrowser } from './mutations';

type State = 'unsupported' | 'off' | 'on' | 'busy';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

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
    void browserSubscription().then(
      (sub) => setState(sub ? 'on' : 'off'),
      () => setState('off'),
    );
  }, []);

  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      showFlash('danger', 'The browser did not allow notifications.');
      return false;
    }
    return subscribeBrowser(userId);
  };
  const toggle = async () => {
    const wasOn = state === 'on';
    setState('busy');
    try {
      if (wasOn) {
        await unsubscribeBrowser(userId);
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
