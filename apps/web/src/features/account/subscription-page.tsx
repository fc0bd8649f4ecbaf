import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FREE_PACKAGE_ID, type Package, type User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import type { LoaderArgs } from '../../router/data-router';
import { useTitle } from '../../lib/title';
import { authKey } from '../auth/queries';
import { useUser } from '../auth/use-user';
import { initQuery } from '../init/queries';
import { CheckIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { FEATURE_ROWS } from '../website/pricing';
import { useCheckout, useSubscriptionChange } from './mutations';
import { subscriptionQuery } from './queries';
import {
  renewalText,
  subscriptionActions,
  TERM_LABEL,
  upgradePlans,
  type SubscriptionInfo,
  type UpgradePlan,
} from './subscription';
import { activeUpgradeWatch, endUpgradeWatch, WATCH_INTERVAL_MS, watchSatisfied, type UpgradeWatch } from './upgrade-watch';
import './account.css';
import './billing.css';
import { askConfirm } from '../../components/confirm-dialog';

export async function loader(_args: LoaderArgs, user: User) {
  // A failure here is shown by the screen itself (with a retry), not as a broken page.
  await Promise.all([queryClient.ensureQueryData(subscriptionQuery(user.id)), queryClient.ensureQueryData(initQuery)]).catch(
    () => null,
  );
}

export const BILLING_OFF_TEXT = 'Billing is not configured on this server, so plans cannot be bought, cancelled or renewed here.';

/**
 * /account/subscription (docs/product.md §2 "Subscription", §4, §6; docs/architecture.md §4 Billing): the package in force
 * with its features and renewal state, the upgrades compared by feature, and Cancel / Renew as the
 * package's flags and the Stripe state allow. Without billing the screen says so and disables them.
 */
export default function SubscriptionPage() {
  useTitle('Subscription');
  const user = useUser();
  const qc = useQueryClient();
  const [watch, setWatch] = useState<UpgradeWatch | null>(() => activeUpgradeWatch());
  const [watchExpired, setWatchExpired] = useState(false);
  const sub = useQuery({
    ...subscriptionQuery(user.id),
    // After a checkout the webhook may lag: ask again every 2 s while the watch is open (W9).
    refetchInterval: watch ? WATCH_INTERVAL_MS : false,
  });
  const { data: init } = useQuery(initQuery);
  const serverPackageId = sub.data?.subscription.package_id;
  const initialPackageId = useRef<number | undefined>(serverPackageId);
  initialPackageId.current ??= serverPackageId;

  // The watch ends when the new package shows, or when its window closes.
  useEffect(() => {
    if (!watch) return;
    if (serverPackageId !== undefined && watchSatisfied(watch, serverPackageId, initialPackageId.current ?? serverPackageId)) {
      endUpgradeWatch();
      setWatch(null);
      return;
    }
    const timer = setTimeout(
      () => {
        endUpgradeWatch();
        setWatch(null);
        setWatchExpired(true);
      },
      Math.max(0, watch.until - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [watch, serverPackageId]);

  // The account header reads the package from the signed-in user: keep it in step with the server.
  const userPackageId = user.subscription?.package_id ?? FREE_PACKAGE_ID;
  useEffect(() => {
    if (serverPackageId !== undefined && serverPackageId !== userPackageId) void qc.invalidateQueries({ queryKey: authKey });
  }, [qc, serverPackageId, userPackageId]);

  if (sub.isPending) return <Spinner label="Loading your subscription…" />;
  if (sub.isError) {
    return (
      <div className="notice notice-danger billing-error" role="alert">
        <span>Your subscription could not be loaded.</span>
        <button type="button" className="btn btn-sm" onClick={() => void sub.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <SubscriptionView
      user={user}
      info={sub.data}
      packages={init?.packages ?? []}
      confirming={watch !== null}
      stillPending={watchExpired && !watch}
      onCheckAgain={() => {
        setWatchExpired(false);
        void sub.refetch();
      }}
    />
  );
}

/** The screen for one state of the subscription; exported for the unit tests. */
export function SubscriptionView(props: {
  user: User;
  info: SubscriptionInfo;
  packages: readonly Package[];
  confirming?: boolean;
  stillPending?: boolean;
  onCheckAgain?: () => void;
}) {
  const { info, user } = props;
  const actions = subscriptionActions(info);
  const plans = upgradePlans(props.packages, info.package);
  const renewal = renewalText(info.subscription);
  const change = useSubscriptionChange(user.id);
  const checkout = useCheckout(user.id);
  const busy = change.isPending || checkout.isPending || checkout.isSuccess;
  const titleId = useId();
  const upgradesId = useId();

  const cancel = async () => {
    const until = renewal?.text.replace(/^Renews on /, '') ?? 'the end of the period';
    const yes = await askConfirm({
      title: 'Cancel your subscription?',
      body: `${info.package.label} stays active until ${until}, then your account returns to Free.`,
      action: 'Cancel subscription',
      danger: true,
    });
    if (yes) change.mutate('cancel');
  };

  return (
    <div className="billing">
      <BillingNotices
        billing={info.billing}
        confirming={props.confirming}
        stillPending={props.stillPending}
        onCheckAgain={props.onCheckAgain}
      />
      <section className="card plan-current" aria-labelledby={titleId}>
        <div className="plan-current-head">
          <div>
            <p className="eyebrow">Current plan</p>
            <h2 id={titleId}>{info.package.label || 'Free'}</h2>
            {info.package.description && <p className="muted plan-current-desc">{info.package.description}</p>}
          </div>
          {renewal && (
            <p className={`plan-renewal plan-renewal-${renewal.tone}`} data-testid="renewal">
              {renewal.text}
            </p>
          )}
        </div>
        <FeatureList features={info.package.features} />
        {(actions.cancel || actions.renew) && (
          <div className="actions plan-current-actions">
            {actions.cancel && (
              <button type="button" className="btn btn-danger" disabled={!actions.enabled || busy} onClick={cancel}>
                {change.isPending && change.variables === 'cancel' ? 'Cancelling…' : 'Cancel subscription'}
              </button>
            )}
            {actions.renew && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!actions.enabled || busy}
                onClick={() => change.mutate('renew')}
              >
                {change.isPending && change.variables === 'renew' ? 'Renewing…' : 'Renew subscription'}
              </button>
            )}
          </div>
        )}
      </section>

      <section className="billing-upgrades" aria-labelledby={upgradesId}>
        <h2 id={upgradesId}>Upgrades</h2>
        {plans.length === 0 ? (
          <p className="muted">
            {!actions.upgrade
              ? FEATURE_ROWS.every((r) => info.package.features[r.key])
                ? 'Your plan already includes every feature.'
                : 'Your plan cannot be upgraded here.'
              : 'No other plans are on offer right now.'}
          </p>
        ) : (
          <div className="plan-grid">
            {plans.map((plan) => (
              <PlanCard
                key={plan.name}
                plan={plan}
                enabled={actions.enabled}
                busy={busy}
                pendingId={checkout.isPending || checkout.isSuccess ? checkout.variables : undefined}
                onBuy={(id) => checkout.mutate(id)}
              />
            ))}
          </div>
        )}
        <p className="small muted">
          Payment is handled on the payment provider's secure page. Your plan changes once the payment is confirmed.
        </p>
      </section>
    </div>
  );
}

/** Billing switched off, an upgrade being confirmed, or one still unconfirmed after the wait. */
function BillingNotices(props: { billing: boolean; confirming?: boolean; stillPending?: boolean; onCheckAgain?: () => void }) {
  return (
    <>
      {!props.billing && (
        <p className="notice notice-warning" role="note" data-testid="billing-off">
          {BILLING_OFF_TEXT}
        </p>
      )}
      {props.confirming && (
        <p className="notice notice-info" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" />
          <span>Confirming your upgrade with the payment provider…</span>
        </p>
      )}
      {props.stillPending && (
        <div className="notice notice-info billing-pending" role="status">
          <span>Your payment is still being confirmed. Your plan changes as soon as the payment provider confirms it.</span>
          <button type="button" className="btn btn-sm" onClick={props.onCheckAgain}>
            Check again
          </button>
        </div>
      )}
    </>
  );
}

function FeatureList({ features, gains = [] }: { features: Package['features']; gains?: readonly string[] }) {
  return (
    <ul className="feature-list">
      {FEATURE_ROWS.map((row) => (
        <li key={row.key} className={features[row.key] ? 'has' : 'lacks'}>
          {features[row.key] ? (
            <span className="yes">
              <CheckIcon size={16} />
            </span>
          ) : (
            <span className="no" aria-hidden="true">
              —
            </span>
          )}
          <span>
            {row.label}
            <span className="visually-hidden">{features[row.key] ? ': included' : ': not included'}</span>
            <span className="feature-explain">{row.explain}</span>
          </span>
          {gains.includes(row.key) && <span className="badge badge-new-feature">New</span>}
        </li>
      ))}
    </ul>
  );
}

function PlanCard(props: {
  plan: UpgradePlan;
  enabled: boolean;
  busy: boolean;
  pendingId: number | undefined;
  onBuy: (packageId: number) => void;
}) {
  const { plan } = props;
  const id = useId();
  return (
    <article className="card plan-card" aria-labelledby={id} data-plan={plan.name}>
      <header className="plan-card-head">
        <h3 id={id}>{plan.name}</h3>
        {plan.samePlan && <span className="badge">Your plan</span>}
      </header>
      {plan.description && <p className="muted small plan-card-desc">{plan.description}</p>}
      <FeatureList features={plan.features} gains={plan.gains} />
      <ul className="plan-terms">
        {plan.options.map(({ pkg, term, purchasable }) => {
          const verb = plan.samePlan ? 'Switch' : 'Upgrade';
          return (
            <li key={pkg.id} className="plan-term">
              <span className="plan-term-name">
                {TERM_LABEL[term]}
                <span className="muted small">{term === 'yearly' ? 'Billed once a year' : 'Billed every month'}</span>
              </span>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                aria-label={`${verb} to ${pkg.label}`}
                title={!purchasable ? 'This plan is not on sale yet.' : undefined}
                disabled={!props.enabled || !purchasable || props.busy}
                onClick={() => props.onBuy(pkg.id)}
              >
                {props.pendingId === pkg.id ? 'Redirecting…' : verb}
              </button>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
