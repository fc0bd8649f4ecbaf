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
      <h2>How to get an invitation</h2>
      <ul>
        <li>Ask someone who already has an account here: they can invite you from Account → Invitations.</li>
        <li>Or ask the person who runs this server for one.</li>
        <li>The invitation arrives by e-mail; open its link to choose your username and password.</li>
      </ul>
      <p className="muted">
        Already have an account? <Link to={PATHS.login}>Sign in</Link>.
      </p>
    </section>
  );
}
