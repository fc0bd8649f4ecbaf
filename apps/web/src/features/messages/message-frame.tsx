import { useEffect, useRef, useState } from 'react';
import { FRAME_MEASURE_MS } from '@app/shared';
import { FRAME_SANDBOX, measureFrame, type FrameMetrics } from './frame';

const MIN_HEIGHT = 120;
/** An absurdly tall mail stops growing the page here and scrolls inside its frame. */
const MAX_HEIGHT = 16_000;
const fit = (height: number) => Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, height));

/**
 * The sanitised HTML of a message, loaded from the viewer into a sandboxed frame that runs no
 * script (docs/security.md H3: never allow-scripts, allow-forms, allow-modals or allow-top-navigation).
 * Its height and background are re-measured every 500 ms (docs/product.md §2).
 */
export function MessageFrame({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [metrics, setMetrics] = useState<FrameMetrics | null>(null);
  const [opaque, setOpaque] = useState(false);

  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    let loaded = false;
    const measure = () => {
      const m = measureFrame(frame);
      if (m) {
        setOpaque(false);
        const height = fit(m.height);
        setMetrics((prev) =>
          prev && prev.height === height && prev.background === m.background ? prev : { height, background: m.background },
        );
      } else if (loaded) {
        setOpaque(true);
      }
    };
    const onLoad = () => {
      loaded = true;
      measure();
    };
    frame.addEventListener('load', onLoad);
    const timer = setInterval(measure, FRAME_MEASURE_MS);
    return () => {
      frame.removeEventListener('load', onLoad);
      clearInterval(timer);
    };
  }, [src]);

  return (
    <div className="frame-wrap" style={{ background: metrics?.background ?? '#ffffff' }}>
      <iframe
        ref={ref}
        key={src}
        src={src}
        title={title}
        className="message-frame"
        sandbox={FRAME_SANDBOX}
        referrerPolicy="no-referrer"
        style={{
          height: opaque ? '70vh' : `${metrics?.height ?? MIN_HEIGHT}px`,
          background: metrics?.background ?? '#ffffff',
        }}
        data-testid="message-frame"
      />
    </div>
  );
}
