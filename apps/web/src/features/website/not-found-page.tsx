import { Link } from 'react-router';
import { useTitle } from '../../lib/title';

/** docs/product.md §2 "any other path", also the guard's /x for non-admins on admin routes. */
export default function NotFoundPage() {
  useTitle('Page not found');
  return (
    <section className="page page-narrow center-page" aria-labelledby="nf-title">
      <p className="eyebrow">404</p>
      <h1 id="nf-title">Page not found</h1>
      <p className="muted">The page you asked for does not exist, or you cannot open it.</p>
      <p className="actions">
        <Link to="/" className="btn btn-primary">
          Go home
        </Link>
      </p>
    </section>
  );
}
