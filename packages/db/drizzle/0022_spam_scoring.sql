-- Spam scoring with Rspamd (docs/spam.md). The score stays in clear beside the sender verdict; the
-- symbols that explain it are sealed like the rest of the content. Null score = not scored.
ALTER TABLE "inbound" ADD COLUMN "spam" jsonb;--> statement-breakpoint
ALTER TABLE "inbound" ADD COLUMN "spam_symbols_sealed" bytea;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "spam_score" real;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "spam_action" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "spam_symbols_sealed" bytea;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "spam_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "spam_mode" text DEFAULT 'mark' NOT NULL;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "spam_mode" text;--> statement-breakpoint
CREATE INDEX "messages_alias_spam_idx" ON "messages" USING btree ("alias_id","id" DESC NULLS LAST) WHERE "messages"."spam_action" = 'move' and "messages"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_spam_at_idx" ON "messages" USING btree ("spam_at") WHERE "messages"."spam_action" = 'move';
