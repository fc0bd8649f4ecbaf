import { useParams } from 'react-router';
import { useNavigate } from '../../router/data-router';
import { useQuery } from '@tanstack/react-query';
import { idParam } from '../../router/params';
import { to } from '../../router/paths';
import { Spinner } from '../../components/spinner';
import { AdminPage } from './admin-nav';
import { useDeleteSource, useSaveSource } from './mutations';
import { adminSourceQuery } from './queries';
import { SourceForm } from './source-form';
import { askConfirm } from '../../components/confirm-dialog';

/** /admin/sources/{sourceId} (docs/product.md §2): edit, delete, and the raw source. */
export default function AdminSourceEditPage() {
  const params = useParams();
  const id = idParam(params.sourceId);
  const { data: source, isPending, isError } = useQuery(adminSourceQuery(id));
  const save = useSaveSource();
  const remove = useDeleteSource();
  const navigate = useNavigate();

  if (isPending) return <Spinner />;
  if (isError || !source) {
    return (
      <AdminPage title="Source">
        <p className="empty-state muted">This source does not exist.</p>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={source.label}
      actions={
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={remove.isPending}
          onClick={async () => {
            const yes = await askConfirm({
              title: `Delete the source “${source.label}”?`,
              body: 'Aliases restricted to it lose the restriction and accept mail from everyone.',
              action: 'Delete source',
              danger: true,
            });
            if (yes) remove.mutate(id, { onSuccess: () => void navigate(to('adminSources')) });
          }}
        >
          Delete
        </button>
      }
    >
      <div className="split">
        <SourceForm
          key={source.id}
          initial={source}
          busy={save.isPending}
          submitLabel="Save"
          onSubmit={(body) => save.mutate({ id, body })}
        />
        <section aria-labelledby="raw-title">
          <h3 id="raw-title">Raw source</h3>
          <pre className="raw-source" data-testid="raw-source">
            {JSON.stringify(source, null, 2)}
          </pre>
        </section>
      </div>
    </AdminPage>
  );
}
