import { describe, expect, it } from 'vitest';
import { FRAME_SANDBOX, measureFrame } from './frame';

/** A stand-in for a loaded same-origin frame (jsdom does no layout, so the numbers are given). */
function fakeFrame(opts: {
  bodyBg: string;
  htmlBg: string;
  /** body's box: where it starts (after collapsed margins) and its height. */
  bodyTop?: number;
  rectH: number;
  scrollH: number;
  marginBottom?: number;
  /** the html box's height: body plus every margin that collapses through it. */
  htmlH?: number;
  /** a horizontal scrollbar of this height (the mail is wider than the frame). */
  scrollbar?: number;
}) {
  const style = (bg: string, marginBottom = 0) => ({ backgroundColor: bg, marginBottom: `${marginBottom}px` });
  const body = { getBoundingClientRect: () => ({ top: opts.bodyTop ?? 0, height: opts.rectH }), scrollHeight: opts.scrollH };
  const documentElement = {
    getBoundingClientRect: () => ({ height: opts.htmlH ?? 0 }),
    scrollWidth: opts.scrollbar ? 900 : 600,
    clientWidth: 600,
    clientHeight: 500 - (opts.scrollbar ?? 0),
  };
  const win = {
    scrollY: 0,
    innerHeight: 500,
    getComputedStyle: (el: unknown) => (el === body ? style(opts.bodyBg, opts.marginBottom) : style(opts.htmlBg)),
  };
  const doc = { body, documentElement, defaultView: win, URL: 'http://app.test/viewer/1/2/3' };
  return { contentDocument: doc } as unknown as HTMLIFrameElement;
}

describe('the message frame (docs/product.md §2, docs/security.md H3)', () => {
  it('never allows scripts, forms, modals or top navigation', () => {
    const tokens = FRAME_SANDBOX.split(' ');
    expect(tokens.sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin']);
  });

  it("fits the document's height, margins included, and follows its background", () => {
    const m = measureFrame(
      fakeFrame({
        bodyBg: 'rgb(253, 246, 227)',
        htmlBg: 'rgba(0, 0, 0, 0)',
        bodyTop: 8,
        rectH: 800,
        scrollH: 800,
        marginBottom: 8,
        htmlH: 816,
      }),
    );
    expect(m).toEqual({ height: 816, background: 'rgb(253, 246, 227)' });
  });

  it("counts a first child's top margin that collapses through body", () => {
    // body starts 40 px down (its child's 40 px margin), so its own box alone is 40 px short.
    expect(
      measureFrame(fakeFrame({ bodyBg: 'white', htmlBg: 'white', bodyTop: 40, rectH: 300, scrollH: 300, htmlH: 340 }))?.height,
    ).toBe(340);
    // Without the html box (e.g. html sized by the mail), body's extent from where it starts.
    expect(measureFrame(fakeFrame({ bodyBg: 'white', htmlBg: 'white', bodyTop: 40, rectH: 300, scrollH: 300 }))?.height).toBe(
      340,
    );
  });

  it('adds the height of a horizontal scrollbar, which would hide the last line', () => {
    expect(
      measureFrame(fakeFrame({ bodyBg: 'white', htmlBg: 'white', rectH: 300, scrollH: 300, htmlH: 300, scrollbar: 15 }))?.height,
    ).toBe(315);
  });

  it('counts content overflowing the body, and falls back to the html, then white background', () => {
    expect(measureFrame(fakeFrame({ bodyBg: 'transparent', htmlBg: 'rgb(0, 0, 0)', rectH: 300, scrollH: 420 }))).toEqual({
      height: 420,
      background: 'rgb(0, 0, 0)',
    });
    expect(
      measureFrame(fakeFrame({ bodyBg: 'rgba(0, 0, 0, 0)', htmlBg: 'transparent', rectH: 10, scrollH: 10 }))?.background,
    ).toBe('#ffffff');
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
