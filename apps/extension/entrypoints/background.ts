// The background worker: the only part that talks to the server on a page's behalf. A page's content
// script asks it for an alias; the site is taken from the tab the request came from, never from
// anything the page says.
import { browser, type Browser } from 'wxt/browser';
import { checkToken, createAliasForSite } from '@/lib/api';
import type { ConnectAnswer, ConnectRequest, CreateAliasAnswer, CreateAliasRequest, FillRequest } from '@/lib/messages';
import { loadSettings, saveSettings, takeConnect } from '@/lib/settings';
import { siteOf } from '@/lib/site';

const MENU_ID = 'create-alias';

async function createFor(tabUrl: string | undefined): Promise<CreateAliasAnswer> {
  if (!siteOf(tabUrl)) return { ok: false, error: 'Aliases are made for web pages (http or https) only.' };
  const settings = await loadSettings();
  if (!settings) return { ok: false, error: 'Sign in to Alias Mail first: click its icon in the toolbar.' };
  try {
    const { email } = await createAliasForSite(settings, new URL(tabUrl!));
    return { ok: true, email };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * The web app handed over a token (docs/extension.md "Connect through the web app"). Taken only on
 * the page of the server the user chose in the extension, while that connection is open: another
 * site cannot sign the extension in to a server of its own.
 */
async function connect(tabUrl: string | undefined, token: string): Promise<ConnectAnswer> {
  const origin = siteOf(tabUrl) ? new URL(tabUrl!).origin : null;
  if (!origin || !(await takeConnect(origin))) {
    return { ok: false, error: 'Start the connection from the extension’s settings first.' };
  }
  try {
    await saveSettings(await checkToken(origin, token));
    return { ok: true };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({
      id: MENU_ID,
      title: 'Create an alias for this site',
      contexts: ['editable'],
      documentUrlPatterns: ['http://*/*', 'https://*/*'],
    });
  });

  browser.contextMenus.onClicked.addListener(async (info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab) => {
    if (info.menuItemId !== MENU_ID || tab?.id === undefined) return;
    const answer = await createFor(tab.url);
    // Errors have no page to show in: the badge says something went wrong, the popup says what.
    if (!answer.ok) {
      await browser.action.setBadgeText({ tabId: tab.id, text: '!' });
      await browser.action.setTitle({ tabId: tab.id, title: answer.error });
      return;
    }
    await browser.action.setBadgeText({ tabId: tab.id, text: '' });
    const fill: FillRequest = { type: 'fill', email: answer.email };
    await browser.tabs.sendMessage(tab.id, fill, { frameId: info.frameId ?? 0 });
  });

  browser.runtime.onMessage.addListener(
    (
      message: CreateAliasRequest | ConnectRequest,
      sender: Browser.runtime.MessageSender,
      sendResponse: (answer: CreateAliasAnswer | ConnectAnswer) => void,
    ) => {
      if (sender.id !== browser.runtime.id || !sender.tab) return false;
      // Only the top frame's own address counts for a connection (a frame could be anyone's).
      if (message?.type === 'connect' && typeof message.token === 'string' && sender.frameId === 0) {
        void connect(sender.url, message.token).then(sendResponse);
      } else if (message?.type === 'create-alias') {
        void createFor(sender.tab.url).then(sendResponse);
      } else {
        return false;
      }
      // The answer comes later: keep the channel open (Chromium and Firefox alike).
      return true;
    },
  );
});
