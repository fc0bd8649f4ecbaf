import { Placeholder } from '../layout/placeholder';

/** /admin/sources: list of sources with edit links and Add New (SPEC §2). To be built; the route and its guard are in place. */
export default function AdminSourcesPage() {
  return <Placeholder title="Sources" />;
}
