import { Placeholder } from '../layout/placeholder';

/** /alias/{aliasId}/settings and /alias/{handle}/settings (SPEC §2 "Alias settings"). To be built; the route and its guard are in place. */
export default function AliasSettingsPage() {
  return <Placeholder title="Settings" />;
}
