-- Nothing readable at rest (SECURITY AR1, AR2): the mx seals each raw message under a fresh key,
-- and the outbox seals each mail's content under a fresh key; both keys are wrapped by the master
-- key. Rows written before this release (raw_key / content_key null) stay readable in clear.
ALTER TABLE "inbound" ADD COLUMN "raw_key" bytea;--> statement-breakpoint
-- Sealed bytes do not compress: keep them out of line, uncompressed (as in 0001).
ALTER TABLE "inbound" ALTER COLUMN "raw" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "content_key" bytea;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "content_sealed" bytea;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "content_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "text" DROP NOT NULL;
