import { useNavigate } from 'react-router';
import { useUser } from '../auth/use-user';
import { to } from '../../routes/paths';
import { useCreateAlias } from './mutations';

/**
 * /alias/new (SPEC §2), also where the feed sends an account without aliases. For now it creates a
 * random alias, like the sidebar's 'Add Alias'; choosing a custom address is still to be built.
 */
export default function AliasNewPage() {
  const user = useUser();
  const create = useCreateAlias(user.id);
  const navigate = useNavigate();
  return (
    <section className="page page-narrow center-page" aria-labelledby="new-alias-title">
      <h1 id="new-alias-title">Create an alias</h1>
      <p className="lead">A new address, with its own inbox, ready to give out.</p>
      <p>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, { onSuccess: (alias) => navigate(to('aliasInbox', { aliasId: alias.id })) })
          }
        >
          {create.isPending ? 'Creating…' : 'Create a random alias'}
        </button>
      </p>
    </section>
  );
}
