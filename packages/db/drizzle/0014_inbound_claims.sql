-- Workers claim queued inbound rows from Postgres instead of taking one job per row from Redis:
-- a claim lasts until this time, after which another worker may take the row. Rows queued by an
-- earlier release have no claim and are taken at once.
ALTER TABLE "inbound" ADD COLUMN "claimed_until" timestamp with time zone;
