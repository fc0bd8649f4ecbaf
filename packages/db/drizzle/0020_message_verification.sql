-- The one-time code and confirmation link found at ingest (JSON, sealed under the message key like
-- the snippet). Null on mail stored before: the message route finds them at its first read.
ALTER TABLE "messages" ADD COLUMN "verification_sealed" bytea;
