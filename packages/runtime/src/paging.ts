/**
 * Cursor paging, newest first: a page asks for one row more than it shows; the extra row says that
 * another page follows, which starts below the last id shown (the cursor).
 */
export function pageOf<T extends { id: number }>(rows: T[], size: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  return { page, nextCursor: rows.length > size ? String(page[page.length - 1]!.id) : null };
}

/** The id a cursor stands for; null for the first page. */
export const cursorId = (cursor: string | undefined): number | null => (cursor ? Number(cursor) : null);
