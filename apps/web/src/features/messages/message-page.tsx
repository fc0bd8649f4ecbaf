import { useEffect, useState } from 'react';
import { useQueryClient, useSuspenseQuery, type InfiniteData } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useNavigate, type LoaderArgs } from '../../router/data-router';
import { idParam } from '../../router/params';
import { queryClient } from '../../api/query-client';
import { formatBytes, type Attachment, type Message, type MessageDetail, type Tracker, type User } from '@app/shared';
import { useUser } from '../auth/use-user';
import { to } from '../../router/paths';
import { fullDate } from '../../lib/dates';
import { aliasQuery, messageKeys } from '../aliases/queries';
import { AlertIcon, ArrowLeftIcon, DownloadIcon, ImageIcon, MailIcon, PaperclipIcon, TrashIcon } from '../../components/icons';
import { LinkifiedText } from './linkified-text';
import { MessageFrame } from './message-frame';
import { ReplyBox } from './reply-box';
import { MessageActionsDialog } from './unsubscribe-dialog';
import { attachmentUrl, messageQuery, rawUrl, viewerUrl, type MessagePage } from './queries';
import { afterMessageOpened, noteMessageOpened, useMarkMessages, useSpamVerdict, useTrashMessage } from './mutations';
import { isTyping } from '../../lib/keyboard';
import { useShredGrace } from '../aliases/effective-package';
import { AuthChecks, SenderLine } from './message-sender';
import { useTitle } from '../../lib/title';
import { VerificationActions } from './verification-actions';
import { Conversation, ThreadPosition, useConversation } from './conversation';
import './message-page.css';

/**
 * Reading a message marks it read on the server, so the sidebar counts and the inbox are refreshed
 * once it has loaded.
 */
export async function loader({ params }: LoaderArgs, user: User) {
  const aliasId = idParam(params.aliasId);
  const query = messageQuery(user.id, aliasId, idParam(params.messageId));
  const fresh = queryClient.getQueryData(query.queryKey) === undefined;
  await queryClient.ensureQueryData(query);
  if (fresh) void afterMessageOpened(queryClient, aliasId);
}

/** Attachment sizes arrive in bytes; formatBytes (docs/product.md §9) takes MB and is used from 1 MB up. */
export function attachmentSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 100) / 10} KB`;
  return formatBytes(bytes / 1_000_000);
}

/** The newer and older neighbours of a message in the loaded inbox (ids; undefined at either end). */
export function neighbours(list: InfiniteData<MessagePage> | undefined, messageId: number): { newer?: number; older?: number } {
  const ids = list?.pages.flatMap((p) => p.messages.map((m) => m.id)) ?? [];
  const i = ids.indexOf(messageId);
  return i < 0 ? {} : { newer: ids[i - 1], older: ids[i + 1] };
}

/** docs/product.md §2 "Message display". */
export default function MessageView() {
  const user = useUser();
  const params = useParams();
  const aliasId = Number(params.aliasId);
  const messageId = Number(params.messageId);
  const { data: message } = useSuspenseQuery(messageQuery(user.id, aliasId, messageId));
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  const qc = useQueryClient();
  useEffect(() => noteMessageOpened(qc, aliasId, message), [qc, aliasId, message]);
  useTitle(message.subject || '(no subject)');
  const conversation = useConversation(user.id, message.thread_key);
  const [acting, setActing] = useState<'unsubscribe' | 'block' | null>(null);

  return (
    <article className="message" aria-labelledby="message-subject" key={messageId}>
      <MessageToolbar aliasId={aliasId} message={message} onAct={setActing} />
      <header className="message-header">
        <h2 id="message-subject" className="message-title">
          {message.subject || '(no subject)'} <ThreadPosition messages={conversation} messageId={messageId} />
        </h2>
        <SenderLine message={message} />
        <dl className="message-meta">
          <div>
            <dt>To</dt>
            <dd className="mono">{alias.address}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={message.sent}>{fullDate(message.sent)}</time>
            </dd>
          </div>
          {message.auth && <AuthChecks auth={message.auth} />}
        </dl>
        <SpamNotice spam={message.spam} />
        <TrackerReport trackers={message.trackers} />
        {message.warnings.length > 0 && (
          <ul className="notice notice-warning" aria-label="Warnings">
            {message.warnings.map((w, i) => (
              <li key={i}>
                <AlertIcon size={16} /> <span>{w}</span>
              </li>
            ))}
          </ul>
        )}
      </header>

      <VerificationActions verification={message.verification} subject={message.subject} className="message-verification" />
      <MessageBody userId={user.id} aliasId={aliasId} message={message} />
      <Conversation userId={user.id} messages={conversation} messageId={messageId} />
      {message.direction === 'in' && alias.is_active && !alias.is_trashed && (
        <ReplyBox userId={user.id} aliasId={aliasId} messageId={messageId} />
      )}
      {acting && (
        <MessageActionsDialog userId={user.id} alias={alias} message={message} mode={acting} onClose={() => setActing(null)} />
      )}
    </article>
  );
}

/** The message's keys, each run on its own letter outside of a text field. */
function useMessageKeys(keys: Record<string, () => void>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const run = keys[e.key];
      if (!run) return;
      run();
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

/**
 * Back, newer / older, mark unread, unsubscribe, block, spam, raw, trash — and their keys: k / j the
 * newer / older message, # trashes, u marks unread and goes back.
 */
function MessageToolbar({
  aliasId,
  message,
  onAct,
}: {
  aliasId: number;
  message: MessageDetail;
  onAct: (mode: 'unsubscribe' | 'block') => void;
}) {
  const messageId = message.id;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const user = useUser();
  const userId = user.id;
  const trash = useTrashMessage(userId, aliasId, useShredGrace(user));
  const mark = useMarkMessages(userId, aliasId);
  const spamVerdict = useSpamVerdict(userId, aliasId);
  const inbox = to('aliasInbox', { aliasId });
  // In the Spam folder, "Not spam" moves it back; anywhere else, "Spam" moves it there (docs/spam.md).
  const inSpam = message.spam.action === 'move';
  const judge = () =>
    spamVerdict.mutate(
      { messageId, verdict: inSpam ? 'ham' : 'spam' },
      { onSuccess: () => navigate(inSpam ? inbox : to('aliasSpam', { aliasId })) },
    );
  const { newer, older } = neighbours(qc.getQueryData<InfiniteData<MessagePage>>(messageKeys.list(aliasId)), messageId);
  const open = (id: number | undefined) => id !== undefined && void navigate(to('messageDisplay', { aliasId, messageId: id }));
  // Back to the inbox once the message is in the trash, even if the page re-rendered meanwhile (a
  // callback given to mutate() is dropped when its observer goes); a failure was flashed already.
  const trashThis = () =>
    void trash.mutateAsync(messageId).then(
      () => navigate(inbox),
      () => undefined,
    );
  const markUnread = () => mark.mutate({ ids: [messageId], type: 'unread' }, { onSuccess: () => navigate(inbox) });

  useMessageKeys({
    j: () => open(older),
    k: () => open(newer),
    '#': () => !trash.isPending && trashThis(),
    u: () => !mark.isPending && markUnread(),
  });

  return (
    <div className="message-actions" role="toolbar" aria-label="Message actions">
      <Link to={inbox} className="btn btn-sm btn-ghost">
        <ArrowLeftIcon size={16} />
        <span>Inbox</span>
      </Link>
      <span className="spacer" />
      <button
        type="button"
        className="btn btn-sm"
        disabled={newer === undefined}
        onClick={() => open(newer)}
        aria-label="Newer message"
      >
        <span aria-hidden="true">‹</span>
        <span className="label-collapse">Newer</span>
      </button>
      <button
        type="button"
        className="btn btn-sm"
        disabled={older === undefined}
        onClick={() => open(older)}
        aria-label="Older message"
      >
        <span className="label-collapse">Older</span>
        <span aria-hidden="true">›</span>
      </button>
      <button type="button" className="btn btn-sm" disabled={mark.isPending} onClick={markUnread}>
        <MailIcon size={16} />
        <span className="label-collapse">Mark unread</span>
      </button>
      {message.direction === 'in' && message.unsubscribe.length > 0 && (
        <button type="button" className="btn btn-sm" onClick={() => onAct('unsubscribe')}>
          <span>Unsubscribe</span>
        </button>
      )}
      {message.block && (
        <button type="button" className="btn btn-sm" onClick={() => onAct('block')}>
          <span>
            Block<span className="label-collapse"> sender</span>
          </span>
        </button>
      )}
      <button type="button" className="btn btn-sm" disabled={spamVerdict.isPending} onClick={judge}>
        <AlertIcon size={16} />
        <span className="label-collapse">{inSpam ? 'Not spam' : 'Spam'}</span>
      </button>
      <a className="btn btn-sm" href={rawUrl(userId, aliasId, messageId)} download>
        <DownloadIcon size={16} />
        <span className="label-collapse">Raw</span>
      </a>
      <button type="button" className="btn btn-sm btn-danger" disabled={trash.isPending} onClick={trashThis}>
        <TrashIcon size={16} />
        <span>Trash</span>
      </button>
    </div>
  );
}

/**
 * The body and its attachments: the sanitised HTML in its frame (remote images on demand) or the
 * plain text, chosen per message (the page's article is keyed by message, so both start over).
 */
function MessageBody({ userId, aliasId, message }: { userId: number; aliasId: number; message: MessageDetail }) {
  const [plain, setPlain] = useState(false);
  const [images, setImages] = useState(false);
  const hasText = Boolean(message.text && message.text.trim());
  const failed = message.state === 'failed';
  const showHtml = message.html && !failed && !plain;
  // Images the HTML shows are part of it, not attachments; in plain text they are listed to stay reachable.
  const listed = showHtml ? message.attachments.filter((a) => !a.embedded) : message.attachments;
  const attachments = listed.length > 0 && (
    <Attachments attachments={listed} href={(a) => attachmentUrl(userId, aliasId, message.id, a.id)} />
  );
  if (failed)
    return (
      <>
        <div className="notice notice-danger" role="note">
          <AlertIcon size={16} /> This message could not be displayed. You can still{' '}
          <a href={rawUrl(userId, aliasId, message.id)} download>
            download the original
          </a>
          .
        </div>
        {attachments}
      </>
    );
  return (
    <>
      {(message.html || hasText) && (
        <div className="body-controls">
          {message.html && hasText && (
            <div className="segmented" role="group" aria-label="Show as">
              <button type="button" aria-pressed={!plain} onClick={() => setPlain(false)}>
                HTML
              </button>
              <button type="button" aria-pressed={plain} onClick={() => setPlain(true)}>
                Plain text
              </button>
            </div>
          )}
          {showHtml && !images && (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => setImages(true)}
              title="Remote images can tell the sender when and where you read this message"
            >
              <ImageIcon size={16} />
              <span>Load remote images</span>
            </button>
          )}
        </div>
      )}
      {showHtml ? (
        <MessageFrame
          src={viewerUrl(userId, aliasId, message.id, images)}
          title={`Message: ${message.subject || '(no subject)'}`}
        />
      ) : (
        <div className="message-text" data-testid="message-text">
          {hasText ? <LinkifiedText text={message.text ?? ''} /> : <p className="muted">This message has no text.</p>}
        </div>
      )}
      {attachments}
    </>
  );
}

function Attachments({ attachments, href }: { attachments: Attachment[]; href: (a: Attachment) => string }) {
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h3 id="attachments-title">
        <PaperclipIcon size={16} /> {attachments.length} attachment{attachments.length === 1 ? '' : 's'}
      </h3>
      <ul>
        {attachments.map((a) => (
          <li key={a.id}>
            <a href={href(a)} download={a.filename} className="attachment">
              <DownloadIcon size={16} />
              <span className="attachment-name">{a.filename || 'attachment'}</span>
              <span className="attachment-size muted">{attachmentSize(a.size)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const TRACKER_KINDS: Record<Tracker['kind'], string> = {
  pixel: 'tracking pixel',
  image: 'remote image',
  css: 'remote stylesheet',
  link: 'click-tracking link',
};

/** docs/product.md §2 "Message display": what the viewer kept from phoning home, as an expandable list. */
function TrackerReport({ trackers }: { trackers: Tracker[] }) {
  if (!trackers.length) return null;
  return (
    <details className="tracker-report" data-testid="tracker-report">
      <summary>
        {trackers.length} tracker{trackers.length === 1 ? '' : 's'} blocked
      </summary>
      <ul>
        {trackers.map((t, i) => (
          <li key={i}>
            <span className="mono">{t.host}</span> — {TRACKER_KINDS[t.kind]}
            {t.target && (
              <>
                {' '}
                to <span className="mono">{t.target}</span>, which the message's link now opens directly
                {t.href && (
                  <>
                    {' '}
                    (
                    <a href={t.href} target="_blank" rel="noopener noreferrer" title={t.href}>
                      the original link, through the tracker
                    </a>
                    )
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The spam filter's verdict when it matters to the reader: likely spam, in the Spam folder, or not scored. */
function SpamNotice({ spam }: { spam: Message['spam'] }) {
  const score = spam.score === null ? '' : ` (score ${spam.score.toFixed(1)})`;
  if (spam.action === 'mark' || spam.action === 'move')
    return (
      <p className="notice notice-warning spam-notice" role="note">
        <AlertIcon size={16} />{' '}
        <span>
          {spam.action === 'move' ? 'In the Spam folder' : 'Likely spam'}
          {score}. Links and images may not be what they seem.
        </span>
      </p>
    );
  if (spam.action === 'unscored')
    return <p className="muted small spam-notice">The spam filter did not answer when this message arrived: it is not scored.</p>;
  return null;
}
