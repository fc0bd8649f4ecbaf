// The rooms of apps/web/src and what each may import (apps/web/README.md "Rooms"): every import runs
// down this table, never up or sideways into a room not listed. Files directly in src/ (main.tsx, the
// test setup) start the app and may import any room.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), 'src');

const BELOW_FEATURES = ['lib', 'router', 'api', 'components'];

/** Each area of src/features and the areas it may use. */
const FEATURES = {
  init: [],
  auth: [],
  website: ['init'],
  account: ['auth', 'init', 'website'],
  admin: ['account', 'init'],
  aliases: ['account', 'auth', 'init'],
  messages: ['aliases', 'auth'],
  search: ['aliases', 'auth', 'messages'],
};
const areas = (names) => names.map((name) => `features/${name}`);

export const ROOMS = {
  lib: [],
  router: [],
  api: ['lib'],
  components: ['lib', 'router'],
  ...Object.fromEntries(
    Object.entries(FEATURES).map(([area, uses]) => [`features/${area}`, [...BELOW_FEATURES, ...areas(uses)]]),
  ),
  app: [...BELOW_FEATURES, ...areas(Object.keys(FEATURES))],
  styles: [],
};

/** The room of a file: its folder under src/, or features/<area>; null for a file outside src/ or directly in it. */
function roomOf(file) {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

const noUpwardImports = {
  meta: { type: 'problem', docs: { description: 'apps/web/src imports only the rooms below the importing one' }, schema: [] },
  create(context) {
    const from = roomOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = roomOf(resolve(dirname(context.filename), spec));
      if (to === from) return;
      if (to === null || !ROOMS[from]?.includes(to)) {
        context.report({ node: node.source, message: `${from} may not import ${to ?? spec} (apps/web/README.md "Rooms")` });
      }
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export const webRooms = { rules: { 'no-upward-imports': noUpwardImports } };
