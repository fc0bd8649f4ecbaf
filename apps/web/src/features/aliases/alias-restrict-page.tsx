import { Placeholder } from '../layout/placeholder';

/** /alias/{aliasId}/restrict (SPEC §2 "Alias restrictions"). To be built; the route and its guard are in place. */
export default function AliasRestrictPage() {
  return <Placeholder title="Restrictions" />;
}
