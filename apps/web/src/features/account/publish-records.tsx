import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/spinner';
import { CopyButton } from '../../components/copy-button';
import { dnsRecordsQuery, type PersonalDomainRef } from './dns-queries';
import './billing.css';
import './publish-records.css';

/**
 * The records a served domain publishes so that its mail is delivered and trusted: MX,
 * SPF, the DKIM key and DMARC, each with copy buttons; "Check" looks them up through the server's
 * resolver and marks each one found or not. With `domain`, the records of the account's personal
 * domain; without, the service's own (for the admin).
 */
export function PublishRecords({ domain }: { domain?: PersonalDomainRef }) {
  const [checked, setChecked] = useState(false);
  const titleId = useId();
  const records = useQuery(dnsRecordsQuery(domain, checked));
  return (
    <section className="publish-records" aria-labelledby={titleId}>
      <div className="section-header">
        {/* The MX record, first, is named after the domain itself. */}
        <h3 id={titleId}>Mail authentication records{records.data?.[0] ? ` for ${records.data[0].name}` : ''}</h3>
        <button
          type="button"
          className="btn btn-sm"
          disabled={records.isFetching}
          onClick={() => (checked ? void records.refetch() : setChecked(true))}
        >
          {records.isFetching && checked ? 'Checking…' : 'Check'}
        </button>
      </div>
      <p className="muted small">
        Publish these at your DNS host: receivers then accept mail signed by this service (DKIM, SPF, DMARC), and mail for the
        domain reaches it (MX).
      </p>
      {records.isPending ? (
        <Spinner label="Loading the records…" />
      ) : records.isError ? (
        <p className="notice notice-danger" role="alert">
          The records could not be loaded.
        </p>
      ) : (
        <table className="dns-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              {checked && <th scope="col">Found</th>}
            </tr>
          </thead>
          <tbody>
            {records.data.map((r) => (
              <tr key={`${r.type} ${r.name} ${r.value}`} data-record={r.type}>
                <td>{r.type}</td>
                <td>
                  <code className="dns-value">{r.name}</code>
                  <CopyButton value={r.name} label={`${r.type} name ${r.name}`} />
                </td>
                <td>
                  <code className="dns-value">{r.value}</code>
                  <CopyButton value={r.value} label={`${r.type} value of ${r.name}`} />
                </td>
                {checked && (
                  <td>
                    {r.published ? (
                      <span className="chip chip-pass">Published</span>
                    ) : (
                      <>
                        <span className="chip chip-fail">Not found</span>
                        {r.problem && <p className="dns-problem">{r.problem}</p>}
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
