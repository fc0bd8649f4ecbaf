import { Placeholder } from '../layout/placeholder';

/** /auth/reset/{encodedRequest} (SPEC §2, DESIGN §4). To be built; the route and its guard are in place. */
export default function ResetPage() {
  return <Placeholder title="Reset password" />;
}
