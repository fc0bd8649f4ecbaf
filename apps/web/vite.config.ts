import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildInfo } from '../../scripts/build-info.mjs';
import { precompress } from './precompress';

const API = 'http://127.0.0.1:3000';
const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  // The release the footer shows (scripts/build-info.mjs: the root package.json's version).
  define: { __APP_VERSION__: JSON.stringify(buildInfo().version) },
  resolve: {
    // react-router's package exports point only at its development build (dev-time warnings
    // included); production bundles take the production build that ships in the same package.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: local('./node_modules/react-router/dist/production/index.mjs') }]
        : [],
  },
  server: {
    proxy: {
      '/api': { target: API },
      '/viewer': { target: API },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.ts reads the manifest to sum the initial JS of a route.
    manifest: true,
    target: 'es2022',
    // Every browser this targets supports <link rel=modulepreload>; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group holds only the modules its test names; their dependencies are placed as usual.
          includeDependenciesRecursively: false,
          groups: [
            // One vendor file instead of four: fewer requests, and gzip compresses it as one.
            { name: 'vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            // Small modules every screen shares, in one file rather than a handful of tiny ones,
            // with the plain constants of @app/shared (FLASH, timings, limits).
            {
              name: 'app',
              test: /[\\/]web[\\/]src[\\/](api|lib[\\/](flash-store|cookies|scroll|title)|router[\\/](params|data-router)|features[\\/](auth[\\/](use-user|queries)|aliases[\\/](queries|activity)))[\\/.]|[\\/]packages[\\/]shared[\\/]src[\\/](constants|limits|errors)\.ts$/,
            },
            // The zod schemas of @app/shared, and zod, in a chunk of their own that only the screens
            // validating with them load (its plain constants go with 'app' above).
            {
              name: 'schemas',
              test: /[\\/]packages[\\/]shared[\\/]src[\\/](?!(constants|limits|errors)\.ts$)|[\\/]node_modules[\\/](\.pnpm[\\/]zod@[^\\/]+[\\/]node_modules[\\/])?zod[\\/]/,
            },
            // What the signed-in screens share (icons, dates, sender rules, alias mutations, the message
            // list's styles), with what the sidebar beside each of them and the alias header above them
            // draw (alias icons, the search box, their styles).
            {
              name: 'screens',
              test: /[\\/]web[\\/]src[\\/](lib[\\/](dates|keyboard)|components[\\/](icons|search-box)|features[\\/](messages[\\/](sender|queries|mutations|selection|message-summary-link|message-list\.css|inbox\.css|chat-form\.css)|aliases[\\/](mutations|alias-icon|site-badge|effective-package|sidebar\.css|alias-layout\.css)))/,
            },
          ],
        },
      },
      // @app/shared has no side effects (no I/O, CONTRIBUTING.md): declaring it lets the bundler drop the
      // zod schemas the SPA does not use, so importing FLASH does not pull zod into the first load.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id) && !/[\\/]zod[\\/]/.test(id),
      },
    },
  },
}));
