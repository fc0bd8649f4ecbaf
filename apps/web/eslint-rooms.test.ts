// @vitest-environment node
// The lint rule that keeps apps/web's imports running one way (README.md "Rooms"), run through the
// repository's own lint setup on code placed in each room.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The messages of the rooms rule for `code` as the file `path` (from apps/web/src). */
async function roomErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}apps/web/src/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'web-rooms/no-upward-imports').map((m) => m.message);
}

describe('web-rooms/no-upward-imports', () => {
  it('refuses a feature that imports the route table or the page frame', async () => {
    expect(await roomErrors('features/aliases/x.ts', "export { routes } from '../../app/routes';")).toEqual([
      'features/aliases may not import app (apps/web/README.md "Rooms")',
    ]);
    expect(await roomErrors('features/aliases/x.ts', "import '../../app/shell/layout.css';")).toHaveLength(1);
  });

  it('refuses an area that imports one it does not build on, also through import()', async () => {
    expect(await roomErrors('features/aliases/x.ts', "export const page = () => import('../messages/inbox-page');")).toEqual([
      'features/aliases may not import features/messages (apps/web/README.md "Rooms")',
    ]);
  });

  it('refuses a helper that climbs', async () => {
    expect(await roomErrors('lib/x.ts', "export { api } from '../api/client';")).toEqual([
      'lib may not import api (apps/web/README.md "Rooms")',
    ]);
    expect(await roomErrors('components/x.ts', "export { initQuery } from '../features/init/queries';")).toHaveLength(1);
  });

  it('lets imports run down the table', async () => {
    const code = [
      "export { aliasQuery } from '../aliases/queries';",
      "export { useUser } from '../auth/use-user';",
      "export { Spinner } from '../../components/spinner';",
      "export { to } from '../../router/paths';",
      "export { api } from '../../api/client';",
      "export { fullDate } from '../../lib/dates';",
      "export { senderName } from './sender';",
    ].join('\n');
    expect(await roomErrors('features/messages/x.ts', code)).toEqual([]);
    expect(await roomErrors('app/x.ts', "export { default } from '../features/search/search-page';")).toEqual([]);
  });
});
