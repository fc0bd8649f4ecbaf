import { Placeholder } from '../layout/placeholder';

/** /alias/{aliasId}/statistics (SPEC §2 "Alias statistics"; DESIGN §4). To be built; the route and its guard are in place. */
export default function AliasStatisticsPage() {
  return <Placeholder title="Statistics" />;
}
