import { Link } from 'react-router';
import { PATHS } from '../../router/paths';
import { useTitle } from '../../lib/title';

/** docs/product.md §2 "/auth/register/closed": registration is closed; access is by invitation. */
export default function RegisterClosedPage() {
  useTitle('Registration closed');
  return (
    <section className="page page-narrow center-page" aria-labelledby="closed-title">
      <h1 id="closed-title">Registration is closed</h1>
      <p className="lead">New accounts are opened by invitation only for now.</p>
      <p className="muted">
        If you received an invitation, open the link in its e-mail. Already have an account? <Link to={PATHS.login}>Sign in</Link>
        .
      </p>
    </section>
  );
}
