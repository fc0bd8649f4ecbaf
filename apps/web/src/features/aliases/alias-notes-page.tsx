import { useEffect, useRef, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { LoaderArgs } from '../../router/data-router';
import { NOTE_MAX_LENGTH, NOTES_DEBOUNCE_MS, type User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import { idParam } from '../../router/params';
import { useUser } from '../auth/use-user';
import { useSaveNote } from './manage-mutations';
import { notesQuery } from './manage-queries';
import { aliasQuery } from './queries';
import './aliases.css';

export async function loader({ params }: LoaderArgs, user: User) {
  await queryClient.ensureQueryData(notesQuery(user.id, idParam(params.aliasId)));
}

/** /alias/{aliasId}/notes (docs/product.md §2 "Alias notes"): saved 1 s after typing stops, encrypted at rest. */
export default function AliasNotesPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  const { data: note } = useSuspenseQuery(notesQuery(user.id, aliasId));
  return (
    <NotesEditor
      key={aliasId}
      userId={user.id}
      aliasId={aliasId}
      initial={note?.value ?? ''}
      editable={alias.is_active && !alias.is_trashed}
    />
  );
}

type Status = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

function NotesEditor({
  userId,
  aliasId,
  initial,
  editable,
}: {
  userId: number;
  aliasId: number;
  initial: string;
  editable: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [status, setStatus] = useState<Status>('idle');
  const saved = useRef(initial);
  const latest = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const save = useSaveNote(userId, aliasId);

  const flush = () => {
    clearTimeout(timer.current);
    const text = latest.current;
    if (text === saved.current) {
      setStatus((s) => (s === 'pending' ? 'saved' : s));
      return;
    }
    setStatus('saving');
    save.mutate(text, {
      onSuccess: () => {
        saved.current = text;
        // Typing may have gone on while this was in flight.
        setStatus(latest.current === text ? 'saved' : 'pending');
      },
      onError: () => setStatus('failed'),
    });
  };

  // A pending edit is sent when leaving the screen rather than lost.
  useEffect(
    () => () => {
      if (latest.current !== saved.current) {
        clearTimeout(timer.current);
        save.mutate(latest.current);
      }
    },
    // Runs once, at unmount; the refs hold the latest text.
    [],
  );

  const onChange = (text: string) => {
    setValue(text);
    latest.current = text;
    setStatus('pending');
    clearTimeout(timer.current);
    // docs/product.md §9: note edits are debounced at 1 second.
    timer.current = setTimeout(flush, NOTES_DEBOUNCE_MS);
  };

  const label: Record<Status, string> = {
    idle: 'Notes are encrypted before they are stored.',
    pending: 'Editing…',
    saving: 'Saving…',
    saved: 'Saved, encrypted.',
    failed: 'Not saved. Keep typing to try again.',
  };

  return (
    <section className="alias-notes" aria-label="Notes">
      <div className="field">
        <label htmlFor="alias-notes">Notes</label>
        <textarea
          id="alias-notes"
          className="notes-editor"
          value={value}
          readOnly={!editable}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={editable ? 'What this alias is for, account numbers, hints…' : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p className="notes-status" role="status" aria-live="polite" data-status={status}>
        {editable ? label[status] : 'Notes can be edited while the alias is active and not in the trash.'}
      </p>
    </section>
  );
}
