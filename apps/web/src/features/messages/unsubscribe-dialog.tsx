import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Alias, Message, MessageSummary, UnsubscribeResult } from '@app/shared';
import { ApiError } from '../../api/client';
import { useCreateBlock } from '../aliases/block-mutations';
import { useUpdateAlias } from '../aliases/manage-mutations';
import { useUnsubscribe } from './mutations';
import { messageQuery } from './queries';
import './unsubscribe-dialog.css';

type Target = { sender: string; domain: string };

/** What the dialog shows: the block choice, an unsubscribe's outcome, or the confirmation the server asked for. */
type Step =
  { kind: 'block' } | { kind: 'done'; result: UnsubscribeResult } | { kind: 'confirm'; question: string } | { kind: 'busy' };

/**
 * docs/product.md §3 "Unsubscribe" and "Blocked senders": the in-app dialog of the message screen
 * and the inbox row menu. Unsubscribing says what was done and then offers to block the sender
 * and to deactivate the alias; a plain link is only opened on the reader's click, in a new tab,
 * without a referrer. Blocking lets the reader choose the sender or its domain, for this alias or all.
 */
export function MessageActionsDialog({
  userId,
  alias,
  message,
  mode,
  onClose,
}: {
  userId: number;
  alias: Alias;
  message: MessageSummary & Partial<Pick<Message, 'block'>>;
  mode: 'unsubscribe' | 'block';
  onClose: () => void;
}) {
  const titleId = useId();
  const qc = useQueryClient();
  const unsubscribe = useUnsubscribe(userId, alias.id);
  const [step, setStep] = useState<Step>(mode === 'block' ? { kind: 'block' } : { kind: 'busy' });
  // The target of "Block sender" comes with the full message (the inbox row has only its summary).
  const [target, setTarget] = useState<Target | null | undefined>(message.block);
  useEffect(() => {
    if (target !== undefined) return;
    let live = true;
    void qc
      .fetchQuery(messageQuery(userId, alias.id, message.id))
      .then((m) => live && setTarget(m.block))
      .catch(() => live && setTarget(null));
    return () => {
      live = false;
    };
  }, [qc, target, userId, alias.id, message.id]);

  const run = (confirm?: boolean) => {
    setStep({ kind: 'busy' });
    unsubscribe.mutate(
      { messageId: message.id, confirm },
      {
        onSuccess: (res) => setStep({ kind: 'done', result: res.unsubscribe }),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'CONFIRM_REQUIRED') setStep({ kind: 'confirm', question: err.message });
          else onClose();
        },
      },
    );
  };
  // The dialog opens on the reader's click and unsubscribes at once, once.
  const started = useRef(false);
  useEffect(() => {
    if (mode !== 'unsubscribe' || started.current) return;
    started.current = true;
    run();
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const title = step.kind === 'block' ? 'Block this sender' : 'Unsubscribe';
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="card action-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {step.kind === 'busy' && <p className="muted">Unsubscribing…</p>}
        {step.kind === 'confirm' && (
          <>
            <p>{step.question}</p>
            <div className="actions">
              <button type="button" className="btn btn-primary" onClick={() => run(true)}>
                Unsubscribe anyway
              </button>
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Cancel
              </button>
            </div>
          </>
        )}
        {step.kind === 'done' && (
          <AfterUnsubscribe userId={userId} alias={alias} result={step.result} target={target} onClose={onClose} />
        )}
        {step.kind === 'block' && <BlockChoice userId={userId} alias={alias} target={target} onClose={onClose} />}
      </div>
    </div>
  );
}

function AfterUnsubscribe({
  userId,
  alias,
  result,
  target,
  onClose,
}: {
  userId: number;
  alias: Alias;
  result: UnsubscribeResult;
  target: Target | null | undefined;
  onClose: () => void;
}) {
  const [blocking, setBlocking] = useState(false);
  const deactivate = useUpdateAlias(userId, alias.id);
  if (blocking) return <BlockChoice userId={userId} alias={alias} target={target} onClose={onClose} />;
  return (
    <>
      {result.done === 'open' ? (
        <p>
          This sender unsubscribes through its own web page. Opening it tells the sender you read the message.{' '}
          <a href={result.url ?? undefined} target="_blank" rel="noreferrer noopener" data-testid="unsubscribe-link">
            Open the unsubscribe page
          </a>
        </p>
      ) : (
        <p data-testid="unsubscribe-done">
          {result.done === 'posted'
            ? 'Done: the unsubscribe request was sent to the sender.'
            : 'Done: an unsubscribe mail was sent from this alias.'}{' '}
          Some senders take a few days to stop.
        </p>
      )}
      <p className="muted small">To stop their mail at once:</p>
      <div className="actions">
        <button type="button" className="btn" disabled={target === null} onClick={() => setBlocking(true)}>
          Also block this sender
        </button>
        {alias.is_active && (
          <button
            type="button"
            className="btn"
            disabled={deactivate.isPending}
            onClick={() => deactivate.mutate({ is_active: 0 }, { onSuccess: onClose })}
          >
            Deactivate the alias
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Done
        </button>
      </div>
    </>
  );
}

function BlockChoice({
  userId,
  alias,
  target,
  onClose,
}: {
  userId: number;
  alias: Alias;
  target: Target | null | undefined;
  onClose: () => void;
}) {
  const create = useCreateBlock(userId);
  const [what, setWhat] = useState<'sender' | 'domain'>('sender');
  const [scope, setScope] = useState<'alias' | 'account'>('alias');
  const name = useId();
  if (target === undefined) return <p className="muted">Loading…</p>;
  if (target === null) return <p className="muted">This message has no sender address that can be blocked.</p>;
  const submit = () =>
    create.mutate(
      { [what]: what === 'sender' ? target.sender : target.domain, ...(scope === 'alias' ? { alias_id: alias.id } : {}) },
      { onSuccess: onClose },
    );
  return (
    <>
      <p className="muted small">Their next mail is refused before it reaches you, and counted on the Blocked page.</p>
      <fieldset className="block-choice">
        <legend>Block</legend>
        <label>
          <input type="radio" name={`${name}-what`} checked={what === 'sender'} onChange={() => setWhat('sender')} /> Block sender{' '}
          <span className="mono">{target.sender}</span>
        </label>
        <label>
          <input type="radio" name={`${name}-what`} checked={what === 'domain'} onChange={() => setWhat('domain')} /> Block{' '}
          <span className="mono">{target.domain}</span> (and its subdomains)
        </label>
      </fieldset>
      <fieldset className="block-choice">
        <legend>For</legend>
        <label>
          <input type="radio" name={`${name}-scope`} checked={scope === 'alias'} onChange={() => setScope('alias')} /> This alias
          only
        </label>
        <label>
          <input type="radio" name={`${name}-scope`} checked={scope === 'account'} onChange={() => setScope('account')} /> All my
          aliases
        </label>
      </fieldset>
      <div className="actions">
        <button type="button" className="btn btn-danger" disabled={create.isPending} onClick={submit}>
          {what === 'sender' ? 'Block sender' : `Block ${target.domain}`}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}
