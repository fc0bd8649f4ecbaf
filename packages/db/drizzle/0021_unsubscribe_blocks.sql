-- A message's sealed metadata (its List-Unsubscribe choices and the envelope sender), under the
-- message's own key like its subject; older rows have none.
ALTER TABLE "messages" ADD COLUMN "meta_sealed" bytea;--> statement-breakpoint
-- Blocked senders: an address or a domain refused for one alias or (alias_id null) the whole
-- account. The mx matches them at RCPT and at DATA, so the values are kept as the rules read.
CREATE TABLE "blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"alias_id" integer,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_alias_id_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_rule_key" ON "blocks" USING btree ("account_id",coalesce("alias_id", 0),"kind","value");
