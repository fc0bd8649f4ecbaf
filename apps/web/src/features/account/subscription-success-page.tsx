import { redirect } from 'react-router';
import { FLASH } from '@app/shared';
import { showFlash } from '../flash/flash-store';
import { PageSpinner } from '../layout/spinner';
import { to } from '../../routes/paths';
import { startUpgradeWatch } from './upgrade-watch';

/**
 * /account/subscription/success, where the hosted checkout returns (SPEC §4): the flash
 * 'Upgrade was successful!', then the Subscription screen. Coming back here proves nothing
 * (SECURITY W9: the plan changes only through the verified webhook), so nothing is assumed: the
 * screen watches the server for the new package for a few seconds.
 */
export function loader() {
  showFlash('success', FLASH.upgradeOk);
  startUpgradeWatch();
  return redirect(to('accountSubscription'));
}

/** Only seen for the moment before the loader's redirect applies. */
export default function SubscriptionSuccessPage() {
  return <PageSpinner />;
}
