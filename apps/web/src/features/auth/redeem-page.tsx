import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useNavigate } from '../../router/data-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS_MSG } from '@app/shared';
import { PATHS } from '../../router/paths';
import { Spinner } from '../../components/spinner';
import { failureMessage, redeemInvitation } from './access-mutations';
import { resetSession } from './mutations';
import { useTitle } from '../../lib/title';

/**
 * /auth/redeem/{encodedInvitation} (docs/product.md §2, §4; docs/architecture.md §4): redeems the code, which signs the
 * person in with an approved, unregistered account, then goes on to choose a username and
 * password. A used, cleared or expired code gets a page that says so.
 */
export default function RedeemPage() {
  useTitle('Invitation');
  const { encodedInvitation = '' } = useParams();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    redeemInvitation(encodedInvitation).then(
      async (user) => {
        if (!live) return;
        // Nothing of a previous account may survive a new sign-in.
        qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'init' && q.queryKey[0] !== 'auth' });
        resetSession(qc, user);
        await navigate(user.registered ? PATHS.accountFeed : PATHS.accountRegister, { replace: true });
      },
      (err: unknown) => {
        if (live) setError(failureMessage(err, ACCESS_MSG.invalidInvitation));
      },
    );
    return () => {
      live = false;
    };
  }, [encodedInvitation, qc, navigate]);

  if (error) {
    return (
      <section className="page page-narrow center-page" aria-labelledby="redeem-title">
        <h1 id="redeem-title">This invitation cannot be used</h1>
        <p className="lead">{error}</p>
        <p className="muted">Ask the person who invited you to send the invitation again.</p>
        <div className="actions">
          <Link className="btn btn-primary" to={PATHS.login}>
            Sign in
          </Link>
          <Link className="btn" to={PATHS.home}>
            Home
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page page-narrow center-page" aria-labelledby="redeem-title" aria-busy="true">
      <h1 id="redeem-title">Opening your invitation…</h1>
      <Spinner label="Opening your invitation" />
    </section>
  );
}
