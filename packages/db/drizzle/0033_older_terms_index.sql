-- Rows of terms older than version 4, which lack their alias's term, in a GIN index of their own
-- (docs/performance.md §4). A search finds such rows by the terms they do hold; asked of the one
-- index of all rows, that scan read every match's row to test its version, new rows included, so a
-- search within a small alias cost as much as one over the whole account. Rows written from now on
-- are of version 4 and stay out of this index, save the few too long to list their pairs.
CREATE INDEX "message_terms_older_terms_idx" ON "message_terms" USING gin ("terms") WHERE "version" < 4;
