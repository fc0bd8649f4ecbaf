import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY, type AliasLogEntry } from '@app/shared';
import { friendlyDate, fullDate } from '../../lib/dates';
import { useUser } from '../auth/use-user';
import { DataTable, type Column } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { logsQuery } from './manage-queries';
import { logEvent } from './log-events';
import './aliases.css';

const COLUMNS: Column<AliasLogEntry>[] = [
  {
    header: 'When',
    className: 'log-when',
    cell: (l) => (
      <time dateTime={l.created} title={fullDate(l.created)}>
        {friendlyDate(l.created)}
      </time>
    ),
  },
  {
    header: 'What happened',
    className: 'cell-message',
    cell: (l) => {
      const e = logEvent(l);
      return <span className={e.failed ? 'status-fail' : undefined}>{e.text}</span>;
    },
  },
];

/** /alias/{aliasId}/log (docs/product.md §2 "Alias log"): changes and mail events in words, newest first; nothing on failure. */
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
