-- Search costs what the messages it searches hold, not the account (docs/performance.md §4).
--
-- Rows of terms older than version 4, which lack their alias's term, in a GIN index of their own. A
-- search finds such rows by the terms they do hold; asked of the one index of all rows, that scan
-- read every match's row to test its version, new rows included, so a search within a small alias
-- cost as much as one over the whole account. Rows written from now on are of version 4 and stay
-- out of this index, save the few too long to list their pairs.
CREATE INDEX "message_terms_older_terms_idx" ON "message_terms" USING gin ("terms") WHERE "message_terms"."version" < 4;--> statement-breakpoint
-- An account's messages newest first, trashed ones left out: a search over the whole account walks
-- its newest messages along it before it asks the search index, as a search within an alias walks
-- the alias's list index. All mail's own index leaves out sent mail and Spam, which search holds.
CREATE INDEX "messages_account_search_idx" ON "messages" USING btree ("account_id","id" DESC NULLS LAST) WHERE "messages"."trashed_at" is null;
