ALTER TABLE "accounts" ADD COLUMN "search_key_id" bigint REFERENCES "keys"("id");
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_indexed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "messages_search_pending_idx" ON "messages" USING btree ("id") WHERE "search_indexed" = false;
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"message_id" bigint NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"term" bytea NOT NULL,
	CONSTRAINT "search_terms_pkey" PRIMARY KEY ("account_id", "term", "message_id")
);
--> statement-breakpoint
CREATE INDEX "search_terms_message_idx" ON "search_terms" USING btree ("message_id");
