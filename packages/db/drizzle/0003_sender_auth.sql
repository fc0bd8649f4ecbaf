ALTER TABLE "inbound" ADD COLUMN "auth" jsonb;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "dkim_selector" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "dkim_public_key" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "dkim_key_id" bigint;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "dkim_private_sealed" bytea;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_dkim_key_id_keys_id_fk" FOREIGN KEY ("dkim_key_id") REFERENCES "public"."keys"("id") ON DELETE set null ON UPDATE no action;
