CREATE TABLE "keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"wrapped" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" integer PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"term" integer DEFAULT 1 NOT NULL,
	"stripe_id" text,
	"can_cancel" boolean DEFAULT false NOT NULL,
	"can_renew" boolean DEFAULT false NOT NULL,
	"can_upgrade" boolean DEFAULT false NOT NULL,
	"features" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "packages_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"password_hash" text,
	"approved_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"key_id" bigint,
	"stripe_customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"stripe_subscription_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer,
	"verify_token" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"label" text NOT NULL,
	"icon" text,
	"avatar" text,
	"color" text,
	"url" text,
	"rules" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sources_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
CREATE TABLE "source_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"address" text NOT NULL,
	"hostname" text,
	CONSTRAINT "source_senders_unique" UNIQUE("source_id","address")
);
--> statement-breakpoint
CREATE TABLE "aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"domain_id" integer NOT NULL,
	"handle" text NOT NULL,
	"label" text,
	"icon" text,
	"source_id" integer,
	"lifespan" integer,
	"digest" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_trashed" boolean DEFAULT false NOT NULL,
	"is_whitelisted" boolean DEFAULT false NOT NULL,
	"specialty" text,
	"key_id" bigint NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"contacted_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accessed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alias_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias_id" integer NOT NULL,
	"address" text NOT NULL,
	"hostname" text,
	CONSTRAINT "alias_senders_unique" UNIQUE("alias_id","address")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias_id" integer NOT NULL,
	"label" text DEFAULT 'Notes' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"shield" boolean DEFAULT true NOT NULL,
	"key_id" bigint NOT NULL,
	"value_sealed" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_alias_id_unique" UNIQUE("alias_id")
);
--> statement-breakpoint
CREATE TABLE "inbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"raw" "bytea",
	"size" integer NOT NULL,
	"mail_from" text DEFAULT '' NOT NULL,
	"rcpt_to" jsonb NOT NULL,
	"alias_ids" jsonb NOT NULL,
	"remote_ip" text,
	"helo" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alias_id" integer NOT NULL,
	"inbound_id" bigint,
	"key_id" bigint NOT NULL,
	"direction" text DEFAULT 'in' NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"sender_label" text DEFAULT '' NOT NULL,
	"sender_address" text DEFAULT '' NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"subject_sealed" "bytea",
	"text_sealed" "bytea",
	"html_sealed" "bytea",
	"raw_sealed" "bytea",
	"has_html" boolean DEFAULT false NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"attachments_count" integer DEFAULT 0 NOT NULL,
	"auth" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_id_header" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"trashed_at" timestamp with time zone,
	CONSTRAINT "messages_inbound_alias_key" UNIQUE("inbound_id","alias_id")
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"cid" text,
	"content_sealed" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alias_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alias_id" integer NOT NULL,
	"user_id" integer,
	"method" text NOT NULL,
	"endpoint" text NOT NULL,
	"status" integer NOT NULL,
	"detail" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"name" text NOT NULL,
	"target" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "reset_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reset_requests_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_senders" ADD CONSTRAINT "source_senders_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aliases" ADD CONSTRAINT "aliases_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alias_senders" ADD CONSTRAINT "alias_senders_alias_id_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_alias_id_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_alias_id_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_inbound_id_inbound_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."inbound"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_key_id_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alias_logs" ADD CONSTRAINT "alias_logs_alias_id_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_id_accounts_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_claimed_by_accounts_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_requests" ADD CONSTRAINT "reset_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_handle_key" ON "accounts" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_name_key" ON "domains" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_handle_key" ON "domains" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "aliases_domain_handle_key" ON "aliases" USING btree ("domain_id","handle");--> statement-breakpoint
CREATE INDEX "aliases_account_idx" ON "aliases" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "aliases_digest_idx" ON "aliases" USING btree ("digest") WHERE "aliases"."digest" is not null;--> statement-breakpoint
CREATE INDEX "inbound_queued_idx" ON "inbound" USING btree ("received_at") WHERE "inbound"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_alias_list_idx" ON "messages" USING btree ("alias_id","id" DESC NULLS LAST) WHERE "messages"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "alias_logs_alias_idx" ON "alias_logs" USING btree ("alias_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_queued_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."state" = 'queued';