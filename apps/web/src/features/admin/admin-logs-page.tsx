import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OUTBOX_STATES, type FailedInbound, type Outbound, type OutboxState, type SmtpRefusal } from '@app/shared';
import { fullDate } from '../../lib/dates';
import { DataTable, type Column } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { AdminPage } from './admin-nav';
import { FirstRunChecklist } from './first-run-checklist';
import { adminLogsQuery } from './queries';

const INBOUND: Column<FailedInbound>[] = [
  { header: 'Id', className: 'mono', cell: (r) => r.id },
  { header: 'Received', cell: (r) => fullDate(r.received) },
  { header: 'Size', cell: (r) => `${r.size.toLocaleString()} B` },
  { header: 'Attempts', cell: (r) => r.attempts },
  { header: 'Error', className: 'cell-message', cell: (r) => r.error ?? '—' },
];

const STATE_LABEL: Record<OutboxState, string> = { queued: 'Queued', sent: 'Sent', kept: 'Kept (no relay)', failed: 'Failed' };
const STATE_BADGE: Record<OutboxState, string> = {
  queued: 'badge',
  sent: 'badge badge-muted',
  kept: 'badge badge-warning',
  failed: 'badge badge-danger',
};

const OUTBOUND: Column<Outbound>[] = [
  { header: 'Id', className: 'mono', cell: (r) => r.id },
  { header: 'Created', cell: (r) => fullDate(r.created) },
  { header: 'Kind', cell: (r) => r.kind },
  { header: 'To', className: 'mono', cell: (r) => r.to },
  { header: 'State', cell: (r) => <span className={STATE_BADGE[r.state]}>{STATE_LABEL[r.state]}</span> },
  { header: 'Attempts', cell: (r) => r.attempts },
  { header: 'Error', className: 'cell-message', cell: (r) => r.error ?? '—' },
];

const REFUSED: Column<SmtpRefusal>[] = [
  { header: 'When', cell: (r) => fullDate(r.created) },
  { header: 'Alias', className: 'mono', cell: (r) => r.alias_id },
  { header: 'At', cell: (r) => r.stage },
  { header: 'Reply', className: 'mono', cell: (r) => r.code },
  { header: 'Reason', className: 'cell-message', cell: (r) => r.reason ?? '—' },
];

/**
 * /admin/logs (docs/product.md §2 leaves a placeholder; this shows more): inbound mail that could not
 * be processed, mail the mx refused, and outbound mail by state — ids, times and reasons, never content.
 * On failure it shows nothing (docs/product.md §8 "Log page failure").
 */
export default function AdminLogsPage() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(adminLogsQuery);
  const [state, setState] = useState<OutboxState | 'all'>('all');
  return (
    <AdminPage
      title="Logs"
      actions={
        <button type="button" className="btn btn-sm" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </button>
      }
    >
      <FirstRunChecklist />
      {isPending ? (
        <Spinner />
      ) : isError ? null : (
        <>
          <h3>Failed incoming mail</h3>
          <DataTable rows={data.inbound} columns={INBOUND} empty="No failed incoming mail." />
          <h3>Refused at SMTP</h3>
          <p className="muted small">
            Mail the mail server refused for an existing alias (restrictions, sender checks, limits). Refusals for addresses that
            do not exist are counted in the metrics only.
          </p>
          <DataTable rows={data.refused} columns={REFUSED} empty="No refused mail." />
          <h3>Outgoing mail</h3>
          {!data.relay && (
            <p className="notice notice-warning" role="note">
              This server has no outbound relay (SMTP_RELAY_URL), so no mail leaves it: replies, invitations and resets wait here
              as “Kept”.
            </p>
          )}
          <div className="segmented" role="group" aria-label="Show outgoing mail">
            {(['all', ...OUTBOX_STATES] as const).map((s) => (
              <button key={s} type="button" aria-pressed={state === s} onClick={() => setState(s)}>
                {s === 'all' ? 'Recent' : `${STATE_LABEL[s]} (${data.outbound_counts[s]})`}
              </button>
            ))}
          </div>
          <DataTable
            rows={state === 'all' ? data.outbound : data.outbound.filter((r) => r.state === state)}
            columns={OUTBOUND}
            empty="No outgoing mail."
          />
        </>
      )}
    </AdminPage>
  );
}
