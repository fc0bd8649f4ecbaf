-- One inbox across aliases, in conversations (docs/product.md §3 "All mail"). A message carries its
-- account, so the account's mail is walked newest first from one index, and its conversation's key:
-- a keyed hash of the conversation's first Message-ID under the account's search key, which reveals
-- no content (docs/security.md SR1). Mail stored before has no key and is a conversation of its own.
ALTER TABLE "messages" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_key" bigint;--> statement-breakpoint
UPDATE "messages" SET "account_id" = "aliases"."account_id" FROM "aliases" WHERE "aliases"."id" = "messages"."alias_id";--> statement-breakpoint
-- Every writer names the account; this covers one that does not (an older process during a rolling start).
CREATE FUNCTION "messages_account_of_alias"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "account_id" INTO NEW."account_id" FROM "aliases" WHERE "id" = NEW."alias_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_account_id" BEFORE INSERT ON "messages" FOR EACH ROW WHEN (NEW."account_id" IS NULL)
  EXECUTE FUNCTION "messages_account_of_alias"();--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_account_list_idx" ON "messages" USING btree ("account_id","id" DESC NULLS LAST) WHERE "messages"."trashed_at" is null and "messages"."direction" = 'in' and "messages"."spam_action" is distinct from 'move';--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("account_id","thread_key","id" DESC NULLS LAST) WHERE "messages"."trashed_at" is null and "messages"."thread_key" is not null;
