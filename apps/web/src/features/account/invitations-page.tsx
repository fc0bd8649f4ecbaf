import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_MSG, EMAIL_PATTERN, INVITES_CONTACT, INVITATION_TTL_DAYS, type Invitation } from '@app/shared';
import { copyText } from '../../lib/clipboard';
import { fullDate } from '../../lib/dates';
import { useUser } from '../auth/use-user';
import { DataTable } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { useClearInvitation, useResendInvitation, useSendInvitation } from './mutations';
import { invitationsQuery } from './queries';
import './account.css';
import { useTitle } from '../../lib/title';

/**
 * /account/invitations (docs/product.md §2 "Invitations"): the admin sends, resends and clears invitations;
 * the list shows name, target, message and claimed state. Others see a note with a contact.
 */
export default function InvitationsPage() {
  useTitle('Invitations');
  const user = useUser();
  if (!user.is_admin) {
    return (
      <section aria-labelledby="inv-title">
        <h2 id="inv-title">Invitations</h2>
        <p className="notice">{ACCESS_MSG.cannotInvite}</p>
        <p className="muted">{INVITES_CONTACT}</p>
      </section>
    );
  }
  return <AdminInvitations userId={user.id} />;
}

function AdminInvitations({ userId }: { userId: number }) {
  const { data, isPending, isError } = useQuery(invitationsQuery(userId));
  // Without a mail relay the server hands the link back, for the admin to pass on.
  const [link, setLink] = useState<string | null>(null);
  return (
    <div className="split">
      <div>
        <SendForm userId={userId} onLink={setLink} />
        {link && <LinkNotice link={link} onClose={() => setLink(null)} />}
      </div>
      <section aria-labelledby="inv-list-title">
        <h2 id="inv-list-title">Sent invitations</h2>
        {isPending ? (
          <Spinner />
        ) : isError ? null : data.length === 0 ? (
          <p className="empty-state muted">No invitations yet.</p>
        ) : (
          <InvitationTable userId={userId} list={data} onLink={setLink} />
        )}
      </section>
    </div>
  );
}

function LinkNotice({ link, onClose }: { link: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="notice notice-warning invite-link" role="status">
      <div>
        <p>{ACCESS_MSG.invitationLinkOnly}</p>
        <input className="mono" readOnly value={link} aria-label="Invitation link" onFocus={(e) => e.target.select()} />
      </div>
      <button type="button" className="btn btn-sm" onClick={() => void copyText(link).then(() => setCopied(true))}>
        {copied ? 'Copied!' : 'Copy link'}
      </button>
      <button type="button" className="btn btn-sm btn-ghost" onClick={onClose}>
        Done
      </button>
    </div>
  );
}

function SendForm({ userId, onLink }: { userId: number; onLink: (link: string | null) => void }) {
  const send = useSendInvitation(userId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const valid = name.trim() !== '' && EMAIL_PATTERN.test(email.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    send.mutate(
      { name: name.trim(), email: email.trim(), message },
      {
        onSuccess: ({ link }) => {
          onLink(link);
          setName('');
          setEmail('');
          setMessage('');
        },
      },
    );
  };
  return (
    <section className="card invite-form" aria-labelledby="inv-send-title">
      <h2 id="inv-send-title">Send an invitation</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="inv-name">Name</label>
          <input id="inv-name" name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="inv-email">Email</label>
          <input
            id="inv-email"
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="inv-message">Message</label>
          <textarea id="inv-message" name="message" value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <p className="muted small">The link works once and expires after {INVITATION_TTL_DAYS} days.</p>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={!valid || send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Invitation'}
          </button>
        </div>
      </form>
    </section>
  );
}

function InvitationTable({
  userId,
  list,
  onLink,
}: {
  userId: number;
  list: Invitation[];
  onLink: (link: string | null) => void;
}) {
  const resend = useResendInvitation(userId);
  const clear = useClearInvitation(userId);
  const busy = resend.isPending || clear.isPending;
  return (
    <DataTable
      rows={list}
      rowProps={(inv) => ({ 'data-invitation': inv.target })}
      columns={[
        { header: 'Name', cell: (inv) => inv.name },
        { header: 'Target', className: 'mono', cell: (inv) => inv.target },
        { header: 'Message', className: 'cell-message', cell: (inv) => inv.message || <span className="muted">—</span> },
        {
          header: 'Claimed',
          cell: (inv) =>
            inv.claimed ? (
              <span className="chip chip-pass" title={fullDate(inv.claimed)}>
                Claimed
              </span>
            ) : (
              <span className="chip chip-neutral">Unclaimed</span>
            ),
        },
        {
          header: 'Actions',
          hidden: true,
          className: 'cell-actions',
          cell: (inv) =>
            !inv.claimed && (
              <>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy}
                  onClick={() => resend.mutate(inv.id, { onSuccess: ({ link }) => onLink(link) })}
                >
                  Resend
                </button>
                <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={() => clear.mutate(inv.id)}>
                  Clear
                </button>
              </>
            ),
        },
      ]}
    />
  );
}
