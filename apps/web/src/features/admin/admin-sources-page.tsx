import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { to } from '../../routes/paths';
import { Spinner } from '../layout/spinner';
import { AdminPage } from './admin-nav';
import { adminSourcesQuery } from './queries';

/** /admin/sources (SPEC §2): every source, each linking to its edit page, plus Add New. */
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
      ) : isError ? null : data.length === 0 ? (
        <p className="empty-state muted">No sources yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Handle</th>
                <th scope="col">Senders</th>
                <th scope="col">Public</th>
              </tr>
            </thead>
            <tbody>
              {data.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={to('adminSourceEdit', { sourceId: s.id })}>{s.label}</Link>
                  </td>
                  <td className="mono">{s.handle}</td>
                  <td className="mono cell-message">{s.senders.map((x) => x.address).join('\n') || '—'}</td>
                  <td>{s.is_public ? <span className="yes">Public</span> : <span className="no">Private</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
