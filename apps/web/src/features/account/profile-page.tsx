import { Placeholder } from '../layout/placeholder';

/** /account/profile (SPEC §2 "Profile"). To be built; the route and its guard are in place. */
export default function ProfilePage() {
  return <Placeholder title="Profile" />;
}
