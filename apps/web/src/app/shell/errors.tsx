import { Link } from 'react-router';
import { NotFound, useRouteError } from '../../router/data-router';
import { ApiError } from '../../api/client';
import './errors.css';

function describe(error: unknown): { notFound: boolean; title: string; text: string } {
  if (error instanceof NotFound || (error instanceof ApiError && error.status === 404)) {
    return { notFound: true, title: 'Not found', text: '' };
  }
  if (error instanceof ApiError && error.timedOut) {
    return { notFound: false, title: 'This is taking too long', text: 'The server did not answer in time.' };
  }
  // A chunk that fails to load (often after a deployment) surfaces as a TypeError from import().
  if (error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    return { notFound: false, title: 'Could not load this page', text: 'A newer version may be available.' };
  }
  return { notFound: false, title: 'Could not load this page', text: 'Something went wrong while loading it.' };
}

/** Load errors of a screen, shown inside the page frame (docs/product.md §8: chunk-load failures and time-outs). */
export function PageError() {
  const error = useRouteError();
  const d = describe(error);
  if (d.notFound) {
    return (
      <section className="page page-narrow center-page" aria-labelledby="error-title">
        <p className="eyebrow">404</p>
        <h1 id="error-title">Page not found</h1>
        <p className="muted">The page you asked for does not exist, or you cannot open it.</p>
      </section>
    );
  }
  return (
    <section className="page page-narrow error-page" aria-labelledby="error-title">
      <h1 id="error-title">{d.title}</h1>
      {d.text && <p className="muted">{d.text}</p>}
      <p className="actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn">
          Home
        </Link>
      </p>
    </section>
  );
}

/** Last resort when the frame itself fails. */
export function RootError() {
  const error = useRouteError();
  const d = describe(error);
  return (
    <main className="page page-narrow error-page">
      <h1>{d.notFound ? 'Not found' : d.title}</h1>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
