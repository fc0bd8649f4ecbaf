import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageSummary } from '@app/shared';
import { friendlyDate, fullDate } from '../../lib/dates';
import { PaperclipIcon } from '../../components/icons';
import { senderName } from './sender';
import './message-list.css';

/**
 * A message row's link, the same in the inbox and in search results: sender (with `below` under
 * the name), subject and snippet, attachments, date.
 */
export function MessageSummaryLink({ message: m, href, below }: { message: MessageSummary; href: string; below?: ReactNode }) {
  return (
    <Link to={href} className="message-link">
      <span className="message-from">
        {!m.opened && <span className="badge badge-new">NEW</span>}
        <span className="from-name" title={m.sender_address}>
          {senderName(m.sender_label, m.sender_address)}
        </span>
        {below}
      </span>
      <span className="message-preview">
        <span className="message-subject">{m.subject || '(no subject)'}</span>
        {m.snippet && <span className="message-snippet">{m.snippet}</span>}
      </span>
      <span className="message-date">
        {m.attachments_count > 0 && (
          <span className="attach-icon" title={`${m.attachments_count} attachment(s)`}>
            <PaperclipIcon size={14} />
            <span className="visually-hidden">Has attachments.</span>
          </span>
        )}
        {m.state === 'failed' && <span className="badge badge-danger">Could not display</span>}
        {m.spam.action === 'mark' && (
          <span className="badge badge-warning" title={`Spam score ${m.spam.score}`}>
            Likely spam
          </span>
        )}
        <time dateTime={m.sent} title={fullDate(m.sent)}>
          {friendlyDate(m.sent)}
        </time>
      </span>
    </Link>
  );
}
