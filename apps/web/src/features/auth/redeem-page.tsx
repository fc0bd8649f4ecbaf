import { Placeholder } from '../layout/placeholder';

/** /auth/redeem/{encodedInvitation} (SPEC §2, DESIGN §4). To be built; the route and its guard are in place. */
export default function RedeemPage() {
  return <Placeholder title="Redeem invitation" />;
}
