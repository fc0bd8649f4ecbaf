import { Placeholder } from '../layout/placeholder';

/** /account/subscription/cancel: the subscription screen with the upgrade-failed flag (SPEC §2, §4). To be built; the route and its guard are in place. */
export default function SubscriptionCancelPage() {
  return <Placeholder title="Subscription" />;
}
