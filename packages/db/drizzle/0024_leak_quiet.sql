-- A quieter leak alarm (docs/product.md §3 Alias, leak): an alias shared with several senders never
-- warns, and each alias keeps the organisations its owner said are fine. Chat aliases talk to many
-- people by nature, so existing ones start shared; every other existing alias keeps warning as before.
ALTER TABLE "aliases" ADD COLUMN "shared_senders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "aliases" ADD COLUMN "leak_ignored" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "aliases" SET "shared_senders" = true WHERE "specialty" = 'chat';
