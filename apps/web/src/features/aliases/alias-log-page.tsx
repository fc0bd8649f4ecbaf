import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY } from '@app/shared';
import { fullDate } from '../../lib/dates';
import { useUser } from '../auth/use-user';
import { Spinner } from '../layout/spinner';
import { logsQuery } from './manage-api';
import './aliases.css';

/** /alias/{aliasId}/log (SPEC §2 "Alias log"): API changes and SMTP events; nothing on failure. */
export default function AliasLogPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: logs, isPending, isError } = useQuery(logsQuery(user.id, aliasId));
  if (isError) return null;
  if (isPending) return <Spinner label="Loading activity…" />;
  if (logs.length === 0) {
    return (
      <section className="alias-log" aria-label="Log">
        <p className="empty-state">{EMPTY.noActivity}</p>
      </section>
    );
  }
  return (
    <section className="alias-log" aria-label="Log">
      <div className="table-scroll">
        <table className="log-table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Created</th>
              <th scope="col">User</th>
              <th scope="col">Method</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Status</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {logs.map((l) => (
              <tr key={l.id} data-method={l.method}>
                <td>{l.id}</td>
                <td>
                  <time dateTime={l.created}>{fullDate(l.created)}</time>
                </td>
                <td>{l.user_id ?? '–'}</td>
                <td className="mono">{l.method}</td>
                <td className="mono endpoint">{l.endpoint}</td>
                <td className={l.status < 400 ? 'status-ok' : 'status-fail'}>{l.status}</td>
                <td>{l.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
