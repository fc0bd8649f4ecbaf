import { redirect } from '../../router/data-router';
import { FLASH } from '@app/shared';
import { showFlash } from '../../lib/flash-store';
import { PageSpinner } from '../../components/spinner';
import { to } from '../../router/paths';
import { forgetCheckout } from './upgrade-watch';

/**
 * /account/subscription/cancel, where the hosted checkout returns when the payment is abandoned
 * (docs/product.md §4): the danger flash 'Upgrade was cancelled.', then the Subscription screen.
 */
export function loader() {
  showFlash('danger', FLASH.upgradeCancelled);
  forgetCheckout();
  return redirect(to('accountSubscription'));
}

/** Only seen for the moment before the loader's redirect applies. */
export default function SubscriptionCancelPage() {
  return <PageSpinner />;
}
