import { useQuery } from '@tanstack/react-query';
import type { FailedInbound, FailedOutbound } from '@app/shared';
import { fullDate } from '../../lib/dates';
import { DataTable, type Column } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { AdminPage } from './admin-nav';
import { adminLogsQuery } from './queries';

const INBOUND: Column<FailedInbound>[] = [
  { header: 'Id', className: 'mono', cell: (r) => r.id },
  { header: 'Received', cell: (r) => fullDate(r.received) },
  { header: 'Size', cell: (r) => `${r.size.toLocaleString()} B` },
  { header: 'Attempts', cell: (r) => r.attempts },
  { header: 'Error', className: 'cell-message', cell: (r) => r.error ?? '—' },
];

const OUTBOUND: Column<FailedOutbound>[] = [
  { header: 'Id', className: 'mono', cell: (r) => r.id },
  { header: 'Created', cell: (r) => fullDate(r.created) },
  { header: 'Kind', cell: (r) => r.kind },
  { header: 'To', className: 'mono', cell: (r) => r.to },
  { header: 'Attempts', cell: (r) => r.attempts },
  { header: 'Error', className: 'cell-message', cell: (r) => r.error ?? '—' },
];

/**
 * /admin/logs (docs/product.md §2 leaves a placeholder; this shows more): recent inbound mail that
 * could not be processed and outbound mail that could not be sent — ids, times and reasons, never
 * content. On failure it shows nothing (docs/product.md §8 "Log page failure").
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
          <DataTable rows={data.inbound} columns={INBOUND} empty="No failed incoming mail." />
          <h3>Failed outgoing mail</h3>
          <DataTable rows={data.outbound} columns={OUTBOUND} empty="No failed outgoing mail." />
        </>
      )}
    </AdminPage>
  );
}
