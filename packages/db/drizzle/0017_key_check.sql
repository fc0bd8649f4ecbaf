-- Proof of the master key: an HMAC of a fixed label under it, written on the first start. Every
-- process compares its key with it before touching anything, so a wrong key is refused at start
-- instead of sealing new mail under a key nobody has. A database of an earlier release has no row;
-- the first start verifies its key against a wrapped key that exists, then writes the row.
CREATE TABLE "key_check" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"mac" bytea NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
