import { redirect, type LoaderArgs } from '../../router/data-router';
import { FLASH, type User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import { showFlash } from '../../lib/flash-store';
import { PageSpinner } from '../../components/spinner';
import { to } from '../../router/paths';
import { subscriptionQuery } from './queries';
import { forgetCheckout, startUpgradeWatch } from './upgrade-watch';

/**
 * /account/subscription/success, where the hosted checkout returns (docs/product.md §4): the flash
 * 'Upgrade was successful!', then the Subscription screen. Coming back here proves nothing
 * (docs/security.md W9: the plan changes only through the verified webhook), so nothing is assumed: the
 * screen watches the server for the new package for a few seconds. On a server without billing
 * nothing can have been bought: no flash and no watch, only the Subscription screen.
 */
export async function loader(_args: LoaderArgs, user: User) {
  const info = await queryClient.fetchQuery({ ...subscriptionQuery(user.id), staleTime: 0 }).catch(() => null);
  if (info?.billing) {
    showFlash('success', FLASH.upgradeOk);
    startUpgradeWatch();
  } else {
    forgetCheckout();
  }
  return redirect(to('accountSubscription'));
}

/** Only seen for the moment before the loader's redirect applies. */
export default function SubscriptionSuccessPage() {
  return <PageSpinner />;
}
