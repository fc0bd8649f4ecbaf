// Bundles one app entry (src/main.ts) and the workspace packages it uses (@app/*, which export TS
// sources) into <app>/dist/main.js: ESM, platform node, target node22. Every third-party
// dependency named in the package.json files stays external and is loaded from the app's own
// node_modules at run time, so the app must declare each one it imports (checked below).
// Production processes run this output with plain `node`; tsx stays for tests and dev.
//
// Usage: node scripts/build-app.mjs [appDir=.] [entry=src/main.ts]  (src/cli.ts → dist/cli.js)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildInfo } from './build-info.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const appDir = resolve(process.argv[2] ?? '.');
const entry = join(appDir, process.argv[3] ?? 'src/main.ts');
const outfile = join(appDir, 'dist', basename(entry).replace(/\.ts$/, '.js'));

const readPkg = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** Workspace packages by name (the globs of pnpm-workspace.yaml: apps/*, packages/*). */
const workspace = new Map();
for (const group of ['apps', 'packages']) {
  for (const d of readdirSync(join(ROOT, group))) {
    const dir = join(ROOT, group, d);
    if (existsSync(join(dir, 'package.json'))) workspace.set(readPkg(dir).name, dir);
  }
}

const app = readPkg(appDir);
const runtimeDeps = (pkg) => ({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies });

// The app and the workspace packages its runtime dependencies reach.
const bundled = new Map([[app.name, appDir]]);
const todo = [app];
while (todo.length) {
  for (const name of Object.keys(runtimeDeps(todo.pop()))) {
    const dir = workspace.get(name);
    if (dir && !bundled.has(name)) {
      bundled.set(name, dir);
      todo.push(readPkg(dir));
    }
  }
}

// Third-party names of every bundled package.json (dev ones too: a source file importing a dev
// dependency must still not be inlined; the check below then reports it as undeclared).
const external = new Set();
for (const dir of bundled.values()) {
  const pkg = readPkg(dir);
  for (const name of Object.keys({ ...runtimeDeps(pkg), ...pkg.devDependencies })) {
    if (!workspace.has(name)) external.add(name);
  }
}

// Externals loaded with require() instead of import: drizzle-orm's ESM build costs Node 24's ESM
// loader ~650 ms and ~150 MB of transient heap to link (its CJS build: ~140 ms, ~20 MB), and
// V8 keeps the grown heap as RSS for the life of the process.
const REQUIRED = /^drizzle-orm(\/|$)/;

const inWorkspaceSource = (file) =>
  [...bundled.values()].some((dir) => file.startsWith(dir + sep) && !file.includes(`${sep}node_modules${sep}`));

const result = await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  // `pkg` and `pkg/sub/path` of every third-party dependency.
  external: [...external].flatMap((n) => [n, `${n}/*`]),
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
  // The version and commit /health, /metrics and `cli --version` report (packages/runtime/src/version.ts).
  define: { __BUILD_INFO__: JSON.stringify(buildInfo()) },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'require-externals',
      setup(b) {
        b.onResolve({ filter: REQUIRED }, (args) =>
          args.namespace === 'require-external'
            ? { path: args.path, external: true }
            : { path: args.path, namespace: 'require-external' },
        );
        b.onLoad({ filter: /.*/, namespace: 'require-external' }, (args) => ({
          contents: `module.exports = require(${JSON.stringify(args.path)});`,
          loader: 'js',
        }));
      },
    },
    {
      // Code that finds files next to its source (migrations, the built SPA, lazy requires)
      // keeps doing so from the bundle: import.meta.url becomes the source file's own URL,
      // expressed relative to the bundle so that the built tree can move as a whole.
      name: 'source-import-meta-url',
      setup(b) {
        b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
          if (!inWorkspaceSource(args.path)) return undefined;
          const text = readFileSync(args.path, 'utf8');
          if (!text.includes('import.meta.url')) return undefined;
          const rel = relative(dirname(outfile), args.path).split(sep).join('/');
          return {
            contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
            loader: 'ts',
          };
        });
      },
    },
  ],
});

// Every external the bundle imports must be a runtime dependency of the app and resolve from its
// directory (pnpm links only the declared dependencies of each package into its node_modules;
// a production install leaves dev dependencies out).
const imported = new Set();
for (const out of Object.values(result.metafile.outputs)) {
  for (const imp of out.imports) if (imp.external && !imp.path.startsWith('node:')) imported.add(imp.path);
}
const pkgName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const missing = [...new Set([...imported].map(pkgName))].filter((n) => {
  if (!external.has(n)) return false; // a Node builtin without the node: prefix
  if (!(n in runtimeDeps(app))) return true;
  for (let dir = appDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', n, 'package.json'))) return false;
    if (dir === dirname(dir)) return true;
  }
});
if (missing.length) {
  console.error(
    `${app.name}: the bundle imports ${missing.join(', ')}, which ${relative(ROOT, appDir)}/package.json does not declare`,
  );
  process.exit(1);
}
const size = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
console.log(`${app.name}: ${relative(ROOT, outfile)} (${Math.round(size / 1024)} KB, ${imported.size} external imports)`);
