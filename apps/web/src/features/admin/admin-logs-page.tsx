import { Placeholder } from '../layout/placeholder';

/** /admin/logs: placeholder text only (SPEC §2). To be built; the route and its guard are in place. */
export default function AdminLogsPage() {
  return <Placeholder title="Logs" />;
}
