import { describe, expect, it } from 'vitest';
import { FRAME_SANDBOX, measureFrame } from './frame';

/** A stand-in for a loaded same-origin frame (jsdom does no layout, so the numbers are given). */
function fakeFrame(opts: { bodyBg: string; htmlBg: string; rectH: number; scrollH: number; margins: [number, number] }) {
  const style = (bg: string, m?: [number, number]) => ({
    backgroundColor: bg,
    marginTop: `${m?.[0] ?? 0}px`,
    marginBottom: `${m?.[1] ?? 0}px`,
  });
  const body = { getBoundingClientRect: () => ({ height: opts.rectH }), scrollHeight: opts.scrollH };
  const documentElement = {};
  const win = {
    getComputedStyle: (el: unknown) => (el === body ? style(opts.bodyBg, opts.margins) : style(opts.htmlBg)),
  };
  const doc = { body, documentElement, defaultView: win, URL: 'http://app.test/viewer/1/2/3' };
  return { contentDocument: doc } as unknown as HTMLIFrameElement;
}

describe('the message frame (SPEC §2, SECURITY H3)', () => {
  it('never allows scripts, forms, modals or top navigation', () => {
    const tokens = FRAME_SANDBOX.split(' ');
    expect(tokens.sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin']);
  });

  it("fits the document's height, margins included, and follows its background", () => {
    const m = measureFrame(fakeFrame({ bodyBg: 'rgb(253, 246, 227)', htmlBg: 'rgba(0, 0, 0, 0)', rectH: 800, scrollH: 800, margins: [8, 8] }));
    expect(m).toEqual({ height: 816, background: 'rgb(253, 246, 227)' });
  });

  it('counts content overflowing the body, and falls back to the html, then white background', () => {
    expect(measureFrame(fakeFrame({ bodyBg: 'transparent', htmlBg: 'rgb(0, 0, 0)', rectH: 300, scrollH: 420, margins: [0, 0] }))).toEqual({
      height: 420,
      background: 'rgb(0, 0, 0)',
    });
    expect(measureFrame(fakeFrame({ bodyBg: 'rgba(0, 0, 0, 0)', htmlBg: 'transparent', rectH: 10, scrollH: 10, margins: [0, 0] }))?.background).toBe(
      '#ffffff',
    );
  });

  it('gives up on an opaque (cross-origin) document', () => {
    expect(measureFrame({ contentDocument: null } as unknown as HTMLIFrameElement)).toBeNull();
    const throwing = {
      get contentDocument(): Document {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    } as unknown as HTMLIFrameElement;
    expect(measureFrame(throwing)).toBeNull();
  });
});
