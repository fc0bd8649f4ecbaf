-- The admin's first-run checklist (docs/product.md §4 "First run"): when the account's owner last chose
-- a password (null: still the one it was created with, e.g. the printed admin password) and when the
-- checklist was put away. Both start null, so an existing admin sees the checklist once more.
ALTER TABLE "accounts" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "first_run_dismissed_at" timestamp with time zone;
