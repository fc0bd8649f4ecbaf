-- Pinned aliases (docs/product.md §2 "Sidebar"): the owner's favourites, listed first. Every existing
-- alias starts unpinned.
ALTER TABLE "aliases" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;
