import { Placeholder } from '../layout/placeholder';

/** /alias/{aliasId}/log (SPEC §2 "Alias log"). To be built; the route and its guard are in place. */
export default function AliasLogPage() {
  return <Placeholder title="Activity log" />;
}
