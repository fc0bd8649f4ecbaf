ALTER TABLE "aliases" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "leak_domain" text;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "leak_first_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "leak_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "max_messages" integer;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "limit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "expiry_notice_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "aliases_expires_idx" ON "aliases" USING btree ("expires_at") WHERE "expires_at" is not null and "expiry_notice_at" is null;
