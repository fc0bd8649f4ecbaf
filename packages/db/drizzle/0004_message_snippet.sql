ALTER TABLE "messages" ADD COLUMN "snippet_sealed" bytea;
