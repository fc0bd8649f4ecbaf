-- Sealed (AES-GCM / cascade) bytes are indistinguishable from random: TOAST compression only
-- burns CPU on every insert and fails. EXTERNAL keeps them out of line, uncompressed.
ALTER TABLE "messages" ALTER COLUMN "subject_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "text_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "html_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "raw_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "content_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "notes" ALTER COLUMN "value_sealed" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "keys" ALTER COLUMN "wrapped" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The plaintext spool (inbound.raw) compresses well; lz4 costs a fraction of pglz's CPU on the
-- mx's commit path (DESIGN §7). Only where the server is built with lz4 (PGlite is not).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    EXECUTE 'ALTER TABLE "inbound" ALTER COLUMN "raw" SET COMPRESSION lz4';
  END IF;
END
$$;
