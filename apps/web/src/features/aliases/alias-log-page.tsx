import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY, type AliasLogEntry } from '@app/shared';
import { fullDate } from '../../lib/dates';
import { useUser } from '../auth/use-user';
import { DataTable, type Column } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { logsQuery } from './manage-queries';
import './aliases.css';

const COLUMNS: Column<AliasLogEntry>[] = [
  { header: 'Id', cell: (l) => l.id },
  { header: 'Created', cell: (l) => <time dateTime={l.created}>{fullDate(l.created)}</time> },
  { header: 'User', cell: (l) => l.user_id ?? '–' },
  { header: 'Method', className: 'mono', cell: (l) => l.method },
  { header: 'Endpoint', className: 'mono cell-message', cell: (l) => l.endpoint },
  { header: 'Status', cell: (l) => <span className={l.status < 400 ? 'status-ok' : 'status-fail'}>{l.status}</span> },
  { header: 'Detail', cell: (l) => l.detail ?? '' },
];

/** /alias/{aliasId}/log (docs/product.md §2 "Alias log"): API changes and SMTP events; nothing on failure. */
export default function AliasLogPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: logs, isPending, isError } = useQuery(logsQuery(user.id, aliasId));
  if (isError) return null;
  if (isPending) return <Spinner label="Loading activity…" />;
  return (
    <section className="alias-log" aria-label="Log">
      <DataTable rows={logs} columns={COLUMNS} empty={EMPTY.noActivity} rowProps={(l) => ({ 'data-method': l.method })} />
    </section>
  );
}
