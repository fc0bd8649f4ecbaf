import { Placeholder } from '../layout/placeholder';

/** /admin/sources/new: Label and Public toggle, not wired up (SPEC §2). To be built; the route and its guard are in place. */
export default function AdminSourceNewPage() {
  return <Placeholder title="New source" />;
}
