import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { to } from '../../router/paths';
import { DataTable } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { AdminPage } from './admin-nav';
import { adminSourcesQuery } from './queries';

/** /admin/sources (docs/product.md §2): every source, each linking to its edit page, plus Add New. */
export default function AdminSourcesPage() {
  const { data, isPending, isError } = useQuery(adminSourcesQuery);
  return (
    <AdminPage
      title="Sources"
      actions={
        <Link className="btn btn-sm btn-primary" to={to('adminSourceNew')}>
          Add New
        </Link>
      }
    >
      {isPending ? (
        <Spinner />
      ) : isError ? null : (
        <DataTable
          rows={data}
          empty="No sources yet."
          columns={[
            { header: 'Label', cell: (s) => <Link to={to('adminSourceEdit', { sourceId: s.id })}>{s.label}</Link> },
            { header: 'Handle', className: 'mono', cell: (s) => s.handle },
            { header: 'Senders', className: 'mono cell-message', cell: (s) => s.senders.map((x) => x.address).join('\n') || '—' },
            {
              header: 'Public',
              cell: (s) => (s.is_public ? <span className="yes">Public</span> : <span className="no">Private</span>),
            },
          ]}
        />
      )}
    </AdminPage>
  );
}
