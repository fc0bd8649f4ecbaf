ALTER TABLE "messages" ADD COLUMN "trackers_sealed" bytea;
