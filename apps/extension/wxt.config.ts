import { defineConfig } from 'wxt';

// The browser extension (docs/extension.md): Manifest V3 for Chromium and Firefox alike.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  outDir: 'dist',
  manifestVersion: 3,
  zip: {
    artifactTemplate: 'alias-mail-{{version}}-{{browser}}.zip',
    sourcesTemplate: 'alias-mail-{{version}}-sources.zip',
    // The sources zip is for the add-on store's review: the code, not the test run's screenshots.
    excludeSources: ['test-results/**'],
  },
  manifest: ({ browser }) => ({
    name: 'Alias Mail',
    description: 'Make an alias in any sign-up form, and see its verification code at a glance.',
    // `storage` holds the server URL and the token (extension storage: no page can read it);
    // `contextMenus` for "Create an alias" on editable fields; `activeTab` lets the popup read the
    // current tab's address when it is opened.
    permissions: ['storage', 'contextMenus', 'activeTab'],
    // The server's origin is asked for at sign-in, never all sites up front.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Alias Mail' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'extension@alias-mail.invalid',
              strict_min_version: '128.0',
              // Nothing goes to the extension's makers or anyone else: only to the server the user signs in to.
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
