import { Placeholder } from '../layout/placeholder';

/** /account/subscription (SPEC §2 "Subscription"). To be built; the route and its guard are in place. */
export default function SubscriptionPage() {
  return <Placeholder title="Subscription" />;
}
