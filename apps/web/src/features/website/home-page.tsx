import { Link } from 'react-router';
import { PATHS, to } from '../../router/paths';
import { useTitle } from '../../lib/title';
import './website.css';

/** docs/product.md §2 "/": the public home page. */
export default function HomePage() {
  useTitle('Private e-mail aliases');
  return (
    <div className="page website">
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">Private email aliases</p>
        <h1 id="hero-title">One address per service. One inbox you control.</h1>
        <p className="lead">
          Give every shop, newsletter and sign-up its own alias. See who sells your address, stop any alias with a click, and read
          everything in one place — encrypted at rest, remote images blocked until you ask.
        </p>
        {/* Accounts open by invitation only (docs/product.md §2), so the first step is getting one. */}
        <p className="actions">
          <Link to={to('authRegisterClosed')} className="btn btn-primary btn-lg">
            How to get an invitation
          </Link>
          <Link to={to('websitePricing')} className="btn btn-lg">
            See plans
          </Link>
          <Link to={PATHS.login} className="btn btn-lg">
            Sign in
          </Link>
        </p>
      </section>
      <section className="feature-grid" aria-label="Features">
        <article className="card">
          <h2>Aliases on demand</h2>
          <p>Create a new address in a second and throw it away when it starts getting spam.</p>
        </article>
        <article className="card">
          <h2>Only the senders you allow</h2>
          <p>Restrict an alias to one service or to a list of senders; everything else bounces.</p>
        </article>
        <article className="card">
          <h2>Safe reading</h2>
          <p>HTML mail is sanitised and shown in a sandbox. Tracking pixels never load by themselves.</p>
        </article>
      </section>
    </div>
  );
}
