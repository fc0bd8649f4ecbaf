import { Placeholder } from '../layout/placeholder';

/** /admin/tests: Send Test Email button with result text (SPEC §2). To be built; the route and its guard are in place. */
export default function AdminTestsPage() {
  return <Placeholder title="Tests" />;
}
