import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { initQuery } from '../init/queries';
import { Spinner } from '../../components/spinner';
import { CheckIcon } from '../../components/icons';
import { PATHS } from '../../router/paths';
import { comparablePackages, FEATURE_ROWS, LIMIT_ROWS, limitText } from './pricing';
import { useTitle } from '../../lib/title';
import './website.css';

/** docs/product.md §2 "/pricing": packages from /api/init compared by feature; numbers and prices hidden. */
export default function PricingPage() {
  useTitle('Pricing');
  const { data, isPending, isError } = useQuery(initQuery);
  const packages = data ? comparablePackages(data.packages) : [];
  return (
    <section className="page website" aria-labelledby="pricing-title">
      <header className="page-header center">
        <p className="eyebrow">Pricing</p>
        <h1 id="pricing-title">Plans for every inbox</h1>
        <p className="lead">Every plan includes unlimited reading, sanitised HTML and blocked trackers.</p>
      </header>
      {isPending && <Spinner label="Loading plans…" />}
      {isError && <p className="muted center">Plans could not be loaded.</p>}
      {packages.length > 0 && (
        <div className="table-scroll">
          <table className="compare-table">
            <caption className="visually-hidden">Features of each plan</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {packages.map((p) => (
                  <th scope="col" key={p.id}>
                    <span className="plan-name">{p.name}</span>
                    {p.description && <span className="plan-desc">{p.description}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LIMIT_ROWS.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {packages.map((p) => (
                    <td key={p.id}>{limitText(row.key, p.limits[row.key])}</td>
                  ))}
                </tr>
              ))}
              {FEATURE_ROWS.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {packages.map((p) => (
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
      )}
      <p className="center muted">
        Registration is by invitation. <Link to={PATHS.login}>Sign in</Link> to upgrade.
      </p>
    </section>
  );
}
