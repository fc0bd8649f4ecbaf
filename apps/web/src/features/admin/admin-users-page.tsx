import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@app/shared';
import { fullDate } from '../../lib/dates';
import { initQuery } from '../init/queries';
import { Spinner } from '../layout/spinner';
import { AdminPage } from './admin-nav';
import { useUserAction } from './mutations';
import { adminUsersQuery } from './queries';

const state = (value: string | null, yes: string, no: string, danger = false) =>
  value ? (
    <span className={`chip ${danger ? 'chip-fail' : 'chip-pass'}`} title={fullDate(value)}>
      {yes}
    </span>
  ) : (
    <span className="chip chip-neutral">{no}</span>
  );

/**
 * /admin/users (SPEC §2 leaves a placeholder; issue 5 asks for more): every account with its
 * approved, registered and suspended state; approve, suspend and unsuspend. The admin account
 * itself cannot be suspended.
 */
export default function AdminUsersPage() {
  const { data, isPending, isError } = useQuery(adminUsersQuery);
  const { data: init } = useQuery(initQuery);
  const action = useUserAction();
  const pkgLabel = (u: AdminUser) => init?.packages.find((p) => p.id === u.package_id)?.label ?? 'Free';
  return (
    <AdminPage title="Users">
      {isPending ? (
        <Spinner />
      ) : isError ? null : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Username</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Package</th>
                <th scope="col">Registered</th>
                <th scope="col">Approved</th>
                <th scope="col">Suspended</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((u) => (
                <tr key={u.id} data-user={u.handle ?? u.email}>
                  <td className="mono">{u.id}</td>
                  <td className="mono">{u.handle ?? <span className="muted">—</span>}</td>
                  <td>{u.name}</td>
                  <td className="mono">{u.email}</td>
                  <td>{pkgLabel(u)}</td>
                  <td>{state(u.registered, 'Registered', 'Invited')}</td>
                  <td>{state(u.approved, 'Approved', 'Pending')}</td>
                  <td>{u.suspended ? state(u.suspended, 'Suspended', '', true) : <span className="muted">—</span>}</td>
                  <td className="cell-actions">
                    {!u.approved && (
                      <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => action.mutate({ id: u.id, action: 'approve' })}>
                        Approve
                      </button>
                    )}
                    {!u.is_admin &&
                      (u.suspended ? (
                        <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => action.mutate({ id: u.id, action: 'unsuspend' })}>
                          Unsuspend
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm btn-danger"
                          disabled={action.isPending}
                          onClick={() => {
                            if (window.confirm(`Suspend ${u.handle ?? u.email}? Their sessions end at once.`)) action.mutate({ id: u.id, action: 'suspend' });
                          }}
                        >
                          Suspend
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
