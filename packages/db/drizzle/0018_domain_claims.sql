-- A personal domain's name is unique only once it is served (shared or verified): until then
-- several accounts may claim it, each once, so an unverified claim never blocks the real owner.
-- Every existing row already has a unique name, so the narrower indexes hold for them as they are.
DROP INDEX "domains_name_key";--> statement-breakpoint
DROP INDEX "domains_handle_key";--> statement-breakpoint
CREATE UNIQUE INDEX "domains_name_key" ON "domains" USING btree ("name") WHERE "domains"."verified_at" is not null or "domains"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_handle_key" ON "domains" USING btree ("handle") WHERE "domains"."verified_at" is not null or "domains"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_claim_key" ON "domains" USING btree ("owner_id","name") WHERE "domains"."verified_at" is null;
