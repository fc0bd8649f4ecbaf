import { linkify } from './linkify';

/** Renders plain text with its URLs as links opening in a new tab; the text itself stays text. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((t, i) =>
        t.type === 'link' ? (
          <a key={i} href={t.href} target="_blank" rel="noopener noreferrer">
            {t.value}
          </a>
        ) : (
          t.value
        ),
      )}
    </>
  );
}
