import { Placeholder } from '../layout/placeholder';

/** /admin/users: placeholder (SPEC §2). To be built; the route and its guard are in place. */
export default function AdminUsersPage() {
  return <Placeholder title="Users" />;
}
