import { Link } from 'react-router';
import { PATHS } from '../../router/paths';
import { useTitle } from '../../lib/title';

/** docs/product.md §2 "/auth/register/thanks". */
export default function RegisterThanksPage() {
  useTitle('Thank you');
  return (
    <section className="page page-narrow center-page" aria-labelledby="thanks-title">
      <h1 id="thanks-title">Thank you!</h1>
      <p className="lead">Your request has been received.</p>
      <p>
        <Link to={PATHS.login} className="btn btn-primary">
          Sign in
        </Link>
      </p>
    </section>
  );
}
