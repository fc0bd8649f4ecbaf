-- A mail client's folder (docs/mail-clients.md): SELECT reads the folder's ids in pages; with the
-- alias, the id and the spam state in the index, and the folder's other conditions its predicate,
-- the pages come from the index alone instead of every message's row.
CREATE INDEX "messages_mail_folder_idx" ON "messages" USING btree ("alias_id","id","spam_action") WHERE "messages"."trashed_at" is null and "messages"."raw_sealed" is not null;
