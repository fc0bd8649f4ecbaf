-- The search index's pending list, 256 kB to 2 MB (docs/performance.md §4): a 20 kB message brings
-- about 400 terms, so 256 kB held some 30 messages and each merge into the index rewrote a page of
-- nearly every term for them. Merging eight times as many at once halves the WAL of indexing and
-- saves about a third of its time; a search, which reads the pending list whole, reads at most 2 MB
-- more. Changing the setting rewrites nothing.
ALTER INDEX "message_terms_terms_idx" SET (gin_pending_list_limit = 2048);
