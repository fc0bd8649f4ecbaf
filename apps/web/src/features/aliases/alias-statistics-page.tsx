import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY, statisticsEmpty, type AliasStatistics } from '@app/shared';
import { useUser } from '../auth/use-user';
import { Spinner } from '../../components/spinner';
import { statisticsQuery } from './manage-queries';
import './aliases.css';

/** /alias/{aliasId}/statistics (docs/architecture.md §4): messages per day over 30 days, top senders, refused attempts. */
export default function AliasStatisticsPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data, isPending } = useQuery(statisticsQuery(user.id, aliasId));
  if (isPending) return <Spinner label="Loading statistics…" />;
  if (!data || statisticsEmpty(data)) {
    return (
      <section className="alias-stats" aria-label="Statistics">
        <p className="empty-state">{EMPTY.noStatistics}</p>
      </section>
    );
  }
  return (
    <section className="alias-stats" aria-label="Statistics">
      <div className="card stats-totals">
        <div className="stat">
          <span className="stat-value" data-testid="stat-received">
            {data.totals.received}
          </span>
          <span className="muted small">received in 30 days</span>
        </div>
        <div className="stat">
          <span className="stat-value" data-testid="stat-refused">
            {data.totals.refused}
          </span>
          <span className="muted small">refused attempts</span>
        </div>
      </div>
      <div className="card">
        <h2 className="settings-title">Messages per day</h2>
        <DayChart days={data.days} />
        <p className="legend">
          <span>
            <span className="legend-swatch" style={{ background: 'var(--brand)' }} />
            Received
          </span>
          <span>
            <span className="legend-swatch" style={{ background: 'var(--danger)' }} />
            Refused
          </span>
        </p>
      </div>
      {data.top_senders.length > 0 && (
        <div className="card">
          <h2 className="settings-title">Top senders</h2>
          <ol className="sender-list">
            {data.top_senders.map((s) => (
              <li key={s.address} className="sender-item">
                <span className="mono">{s.address}</span>
                <span>{s.count}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

const W = 600;
const H = 180;
const PAD = { top: 10, right: 8, bottom: 22, left: 28 };

/** Stacked bars (received, refused) per day, drawn as inline SVG; the table-free summary is its title. */
export function DayChart({ days }: { days: AliasStatistics['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.received + d.refused));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, days.length);
  const barW = Math.max(2, step * 0.7);
  const y = (n: number) => (n / max) * plotH;
  const summary = days
    .filter((d) => d.received || d.refused)
    .map((d) => `${d.date}: ${d.received} received, ${d.refused} refused`)
    .join('; ');
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Messages per day over ${days.length} days. ${summary}`}
    >
      <line className="axis" x1={PAD.left} y1={PAD.top + plotH} x2={W - PAD.right} y2={PAD.top + plotH} />
      <text x={PAD.left - 4} y={PAD.top + 8} textAnchor="end">
        {max}
      </text>
      <text x={PAD.left - 4} y={PAD.top + plotH} textAnchor="end">
        0
      </text>
      {days.map((d, i) => {
        const x = PAD.left + i * step + (step - barW) / 2;
        const hr = y(d.received);
        const hf = y(d.refused);
        return (
          <g key={d.date} data-date={d.date}>
            <title>{`${d.date}: ${d.received} received, ${d.refused} refused`}</title>
            {d.received > 0 && <rect className="bar-received" x={x} width={barW} y={PAD.top + plotH - hr} height={hr} rx={1} />}
            {d.refused > 0 && (
              <rect className="bar-refused" x={x} width={barW} y={PAD.top + plotH - hr - hf} height={hf} rx={1} />
            )}
            {/* A label a week apart, counted back from today. */}
            {(days.length - 1 - i) % 7 === 0 && (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle">
                {d.date.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
