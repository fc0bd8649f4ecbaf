import { useQuery } from '@tanstack/react-query';
import { fullDate } from '../../lib/dates';
import { Spinner } from '../layout/spinner';
import { AdminPage } from './admin-nav';
import { adminLogsQuery } from './queries';

/**
 * /admin/logs (SPEC §2 leaves a placeholder; issue 5 asks for more): recent inbound mail that
 * could not be processed and outbound mail that could not be sent — ids, times and reasons, never
 * content. On failure it shows nothing (SPEC §8 "Log page failure").
 */
export default function AdminLogsPage() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(adminLogsQuery);
  return (
    <AdminPage
      title="Logs"
      actions={
        <button type="button" className="btn btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </button>
      }
    >
      {isPending ? (
        <Spinner />
      ) : isError ? null : (
        <>
          <h3>Failed incoming mail</h3>
          {data.inbound.length === 0 ? (
            <p className="empty-state muted">No failed incoming mail.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Received</th>
                    <th scope="col">Size</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {data.inbound.map((r) => (
                    <tr key={r.id}>
                      <td className="mono">{r.id}</td>
                      <td>{fullDate(r.received)}</td>
                      <td>{r.size.toLocaleString()} B</td>
                      <td>{r.attempts}</td>
                      <td className="cell-message">{r.error ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3>Failed outgoing mail</h3>
          {data.outbound.length === 0 ? (
            <p className="empty-state muted">No failed outgoing mail.</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Id</th>
                    <th scope="col">Created</th>
                    <th scope="col">Kind</th>
                    <th scope="col">To</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {data.outbound.map((r) => (
                    <tr key={r.id}>
                      <td className="mono">{r.id}</td>
                      <td>{fullDate(r.created)}</td>
                      <td>{r.kind}</td>
                      <td className="mono">{r.to}</td>
                      <td>{r.attempts}</td>
                      <td className="cell-message">{r.error ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </AdminPage>
  );
}
