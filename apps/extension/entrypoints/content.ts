// The in-page part, kept minimal on purpose (docs/extension.md "Permissions"): it only watches which
// field has focus. On an e-mail field it shows one small button; nothing else on the page is read,
// it makes no network call and never sees the API token: the background worker makes the alias.
import { browser } from 'wxt/browser';
import { fillField, isEmailField, isFillable } from '@/lib/email-field';
import {
  EXTENSION_CONNECT,
  EXTENSION_CONNECTED,
  type ExtensionConnectedMessage,
  type ExtensionConnectMessage,
} from '@app/shared/extension';
import type {
  ConnectAnswer,
  ConnectRequest,
  CreateAliasAnswer,
  CreateAliasRequest,
  FillRequest,
  PageRequest,
} from '@/lib/messages';

const BUTTON_SIZE = 24;

const STYLE = `
  :host { all: initial; }
  button {
    all: unset; box-sizing: border-box; width: ${BUTTON_SIZE}px; height: ${BUTTON_SIZE}px; border-radius: 6px;
    display: grid; place-items: center; cursor: pointer; background: #4f46e5; color: #fff;
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.25);
  }
  button:hover { background: #4338ca; }
  button:focus-visible { outline: 2px solid #a5b4fc; outline-offset: 1px; }
  button[aria-busy='true'] { opacity: 0.6; cursor: progress; }
  svg { width: 16px; height: 16px; }
  .tip {
    position: absolute; right: 0; top: ${BUTTON_SIZE + 6}px; width: max-content; max-width: 260px;
    font: 12px/1.4 system-ui, sans-serif; color: #fff; background: #1f2937; padding: 6px 8px; border-radius: 6px;
  }
`;

const ICON =
  '<svg viewBox="5 6 22 20" aria-hidden="true"><path d="M7 11.5 16 18l9-6.5M8 10h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1Z" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linejoin="round"/></svg>';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  allFrames: true,
  runAt: 'document_idle',
  main() {
    let field: HTMLInputElement | null = null;
    let lastFocused: Element | null = null;

    // The button lives in a closed shadow root, so page styles and scripts cannot reach into it.
    const host = document.createElement('div');
    host.setAttribute('data-alias-mail', '');
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = `<style>${STYLE}</style><button type="button" title="Create an alias for this site" aria-label="Create an alias for this site">${ICON}</button><div class="tip" role="status" hidden></div>`;
    const button = root.querySelector('button')!;
    const tip = root.querySelector<HTMLDivElement>('.tip')!;

    function place() {
      if (!field) return;
      const r = field.getBoundingClientRect();
      const inset = Math.max(4, (r.height - BUTTON_SIZE) / 2);
      Object.assign(host.style, {
        position: 'absolute',
        zIndex: '2147483647',
        top: `${r.top + window.scrollY + (r.height - BUTTON_SIZE) / 2}px`,
        left: `${r.right + window.scrollX - BUTTON_SIZE - inset}px`,
      });
    }

    function show(el: HTMLInputElement) {
      field = el;
      tip.hidden = true;
      if (!host.isConnected) document.documentElement.append(host);
      place();
    }

    function hide() {
      field = null;
      host.remove();
    }

    document.addEventListener('focusin', (e) => {
      const target = e.composedPath()[0] as Element | undefined;
      if (target === host) return;
      lastFocused = target ?? null;
      if (isEmailField(lastFocused)) show(lastFocused);
      else hide();
    });
    // Focus leaving the field for anything but the button (and leaving the button for anything but
    // the field) takes the button away.
    document.addEventListener('focusout', (e) => {
      if (field && e.composedPath()[0] === field && e.relatedTarget !== host) hide();
    });
    host.addEventListener('focusout', (e) => {
      if (e.relatedTarget !== field) hide();
    });
    window.addEventListener('resize', place);
    document.addEventListener('scroll', place, { capture: true, passive: true });

    // Keep the field focused while the button is pressed.
    button.addEventListener('mousedown', (e) => e.preventDefault());
    button.addEventListener('click', async (e) => {
      // Only a real click by the user: a page script cannot make aliases by clicking for them.
      if (!e.isTrusted || !field || button.getAttribute('aria-busy') === 'true') return;
      const target = field;
      button.setAttribute('aria-busy', 'true');
      tip.hidden = true;
      try {
        const answer = (await browser.runtime.sendMessage({
          type: 'create-alias',
        } satisfies CreateAliasRequest)) as CreateAliasAnswer;
        if (answer.ok) {
          fillField(target, answer.email);
          hide();
        } else {
          tip.textContent = answer.error;
          tip.hidden = false;
        }
      } finally {
        button.removeAttribute('aria-busy');
      }
    });

    // The web app's "Connect the browser extension" posts a fresh token to its own window; the
    // background worker takes it only on the server the user is connecting to.
    window.addEventListener('message', async (e: MessageEvent<ExtensionConnectMessage>) => {
      if (e.source !== window || e.origin !== location.origin || window !== window.top) return;
      if (e.data?.type !== EXTENSION_CONNECT || typeof e.data.token !== 'string') return;
      const request: ConnectRequest = { type: 'connect', token: e.data.token };
      const answer = (await browser.runtime.sendMessage(request)) as ConnectAnswer;
      const reply: ExtensionConnectedMessage = { type: EXTENSION_CONNECTED, ...answer };
      window.postMessage(reply, location.origin);
    });

    browser.runtime.onMessage.addListener((message: FillRequest | PageRequest, _sender, sendResponse: (url: string) => void) => {
      // The context menu's "Create an alias for this site": the background made it, fill the field.
      if (message?.type === 'fill') {
        const active = document.activeElement;
        const target = isFillable(active) ? active : isFillable(lastFocused) ? lastFocused : null;
        if (target) fillField(target, message.email);
      }
      // The popup, opened as a tab, asks which page this tab shows.
      if (message?.type === 'page' && window === window.top) sendResponse(location.href);
      return false;
    });
  },
});
