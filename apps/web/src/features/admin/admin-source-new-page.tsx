import { useNavigate } from '../../router/data-router';
import { to } from '../../router/paths';
import { AdminPage } from './admin-nav';
import { useSaveSource } from './mutations';
import { SourceForm } from './source-form';

/** /admin/sources/new (docs/product.md §2): the create form, wired up (public, no senders by default). */
export default function AdminSourceNewPage() {
  const save = useSaveSource();
  const navigate = useNavigate();
  return (
    <AdminPage title="New source">
      <SourceForm
        busy={save.isPending}
        submitLabel="Create"
        onSubmit={(body) =>
          save.mutate({ body }, { onSuccess: (source) => void navigate(to('adminSourceEdit', { sourceId: source.id })) })
        }
      />
    </AdminPage>
  );
}
