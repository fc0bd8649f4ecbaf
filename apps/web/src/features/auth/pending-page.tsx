import { useLogout } from './mutations';
import { useTitle } from '../../lib/title';

/** docs/product.md §2 "/auth/pending" (and docs/architecture.md §4's /account/pending): signed in, waiting for approval. */
export default function PendingPage() {
  useTitle('Awaiting approval');
  const logout = useLogout();
  return (
    <section className="page page-narrow center-page" aria-labelledby="pending-title">
      <h1 id="pending-title">Your account is pending approval</h1>
      <p className="lead">We will e-mail you as soon as it is approved.</p>
      <p>
        <button type="button" className="btn" onClick={() => logout.mutate()}>
          Sign out
        </button>
      </p>
    </section>
  );
}
