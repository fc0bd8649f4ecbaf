CREATE TABLE "message_terms" (
	"message_id" bigint PRIMARY KEY NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"terms" bigint[] NOT NULL
);
--> statement-breakpoint
-- The terms of the earlier format carried forward: a term is now the first 8 of the 10 bytes it
-- was, read as a signed big-endian integer, which is how the product computes it from now on.
INSERT INTO "message_terms" ("message_id", "account_id", "terms")
SELECT "message_id", min("account_id"), array_agg(DISTINCT ('x' || encode(substring("term" from 1 for 8), 'hex'))::bit(64)::bigint)
FROM "search_terms"
GROUP BY "message_id";
--> statement-breakpoint
DROP TABLE "search_terms";
--> statement-breakpoint
CREATE INDEX "message_terms_terms_idx" ON "message_terms" USING gin ("terms") WITH (fastupdate = on, gin_pending_list_limit = 256);
