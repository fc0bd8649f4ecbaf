import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { initQuery } from '../init/queries';
import { Spinner } from '../../components/spinner';
import { CheckIcon } from '../../components/icons';
import { PATHS } from '../../router/paths';
import { comparablePackages, FEATURE_ROWS, LIMIT_ROWS, limitText, priceText, type ComparedPlan } from './pricing';
import { useTitle } from '../../lib/title';
import './website.css';

/**
 * docs/product.md §2 "/pricing": each plan that can be chosen, what it is for and what it adds, then the
 * packages compared feature by feature, every feature said in plain words. Numbers and prices only when
 * the operator shows them (PRICING_DISPLAY, §9).
 */
export default function PricingPage() {
  useTitle('Pricing');
  const { data, isPending, isError } = useQuery(initQuery);
  const numbers = data?.pricing.numbers ?? false;
  const plans = data ? comparablePackages(data.packages, data.pricing.prices) : [];
  return (
    <section className="page website" aria-labelledby="pricing-title">
      <header className="page-header center">
        <p className="eyebrow">Pricing</p>
        <h1 id="pricing-title">Plans for every inbox</h1>
        <p className="lead">Every plan includes unlimited reading, sanitised HTML and blocked trackers.</p>
      </header>
      {isPending && <Spinner label="Loading plans…" />}
      {isError && <p className="muted center">Plans could not be loaded.</p>}
      {plans.length > 0 && (
        <>
          <div className="plan-cards">
            {plans.map((p, i) => (
              <PlanSummary key={p.id} plan={p} previous={plans[i - 1]} />
            ))}
          </div>
          <div className="table-scroll">
            <table className="compare-table">
              <caption className="visually-hidden">Features of each plan</caption>
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  {plans.map((p) => (
                    <th scope="col" key={p.id}>
                      <span className="plan-name">{p.name}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {LIMIT_ROWS.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">
                      {row.label}
                      <span className="row-explain">{row.explain}</span>
                    </th>
                    {plans.map((p) => (
                      <td key={p.id}>{limitText(row.key, p.limits[row.key], numbers)}</td>
                    ))}
                  </tr>
                ))}
                {FEATURE_ROWS.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">
                      {row.label}
                      <span className="row-explain">{row.explain}</span>
                    </th>
                    {plans.map((p) => (
                      <td key={p.id}>
                        {p.features[row.key] ? (
                          <span className="yes">
                            <CheckIcon size={18} />
                            <span className="visually-hidden">Included</span>
                          </span>
                        ) : (
                          <span className="no">
                            <span aria-hidden="true">—</span>
                            <span className="visually-hidden">Not included</span>
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="center muted">
        Registration is by invitation. <Link to={PATHS.login}>Sign in</Link> to upgrade.
      </p>
    </section>
  );
}

/** One plan: its name, its prices when shown, what it is for, and what it adds to the plan before it. */
function PlanSummary({ plan, previous }: { plan: ComparedPlan; previous: ComparedPlan | undefined }) {
  const adds = FEATURE_ROWS.filter((r) => plan.features[r.key] && !previous?.features[r.key]);
  return (
    <article className="card plan-card" aria-labelledby={`plan-${plan.id}`}>
      <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
      {plan.prices.map((x) => (
        <p key={x.package_id} className="plan-price">
          {priceText(x)}
        </p>
      ))}
      {plan.description && <p className="muted">{plan.description}</p>}
      {adds.length > 0 && (
        <>
          <h3 className="small">{previous ? `Adds to ${previous.name}` : 'Includes'}</h3>
          <ul className="plan-adds">
            {adds.map((r) => (
              <li key={r.key}>
                <CheckIcon size={14} /> {r.explain}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
