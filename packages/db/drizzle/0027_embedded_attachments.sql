-- Images a message's HTML shows through `cid:` are part of the message, not attachments to list
-- (docs/product.md §3 Message). Rows stored before this keep null and are listed as before.
ALTER TABLE "attachments" ADD COLUMN "embedded" boolean;
