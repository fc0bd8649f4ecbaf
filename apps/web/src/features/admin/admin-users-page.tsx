import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@app/shared';
import { fullDate } from '../../lib/dates';
import { initQuery } from '../init/queries';
import { DataTable } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { AdminPage } from './admin-nav';
import { useUserAction } from './mutations';
import { adminUsersQuery } from './queries';
import { askConfirm } from '../../components/confirm-dialog';

const state = (value: string | null, yes: string, no: string, danger = false) =>
  value ? (
    <span className={`chip ${danger ? 'chip-fail' : 'chip-pass'}`} title={fullDate(value)}>
      {yes}
    </span>
  ) : (
    <span className="chip chip-neutral">{no}</span>
  );

/**
 * /admin/users (docs/product.md §2 leaves a placeholder; this shows more): every account with its
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
        <DataTable
          rows={data}
          rowProps={(u) => ({ 'data-user': u.handle ?? u.email })}
          columns={[
            { header: 'Id', className: 'mono', cell: (u) => u.id },
            { header: 'Username', className: 'mono', cell: (u) => u.handle ?? <span className="muted">—</span> },
            { header: 'Name', cell: (u) => u.name },
            { header: 'Email', className: 'mono', cell: (u) => u.email },
            { header: 'Package', cell: pkgLabel },
            { header: 'Registered', cell: (u) => state(u.registered, 'Registered', 'Invited') },
            { header: 'Approved', cell: (u) => state(u.approved, 'Approved', 'Pending') },
            {
              header: 'Suspended',
              cell: (u) => (u.suspended ? state(u.suspended, 'Suspended', '', true) : <span className="muted">—</span>),
            },
            {
              header: 'Actions',
              hidden: true,
              className: 'cell-actions',
              cell: (u) => (
                <>
                  {!u.approved && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={action.isPending}
                      onClick={() => action.mutate({ id: u.id, action: 'approve' })}
                    >
                      Approve
                    </button>
                  )}
                  {!u.is_admin &&
                    (u.suspended ? (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={action.isPending}
                        onClick={() => action.mutate({ id: u.id, action: 'unsuspend' })}
                      >
                        Unsuspend
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        disabled={action.isPending}
                        onClick={async () => {
                          const yes = await askConfirm({
                            title: `Suspend ${u.handle ?? u.email}?`,
                            body: 'Their sessions end at once and they cannot sign in until you unsuspend them.',
                            action: 'Suspend',
                            danger: true,
                          });
                          if (yes) action.mutate({ id: u.id, action: 'suspend' });
                        }}
                      >
                        Suspend
                      </button>
                    ))}
                </>
              ),
            },
          ]}
        />
      )}
    </AdminPage>
  );
}
