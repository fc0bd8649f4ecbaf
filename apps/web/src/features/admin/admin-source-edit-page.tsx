import { Placeholder } from '../layout/placeholder';

/** /admin/sources/{sourceId}: shows the raw source (SPEC §2). To be built; the route and its guard are in place. */
export default function AdminSourceEditPage() {
  return <Placeholder title="Edit source" />;
}
