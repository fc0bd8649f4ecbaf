ALTER TABLE "messages" ADD COLUMN "raw_sha256" bytea;--> statement-breakpoint
CREATE INDEX "messages_alias_raw_sha256_idx" ON "messages" USING btree ("alias_id","raw_sha256") WHERE "messages"."raw_sha256" is not null;
