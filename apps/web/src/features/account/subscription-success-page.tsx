import { Placeholder } from '../layout/placeholder';

/** /account/subscription/success: the subscription screen with the upgrade-succeeded flag (SPEC §2, §4). To be built; the route and its guard are in place. */
export default function SubscriptionSuccessPage() {
  return <Placeholder title="Subscription" />;
}
