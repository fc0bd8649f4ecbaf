-- An account setting: aliases made through the compatible endpoints for a site take a readable
-- prefix from it (`shop.example` → `shop-x7k2q9`). Off for every existing account.
ALTER TABLE "accounts" ADD COLUMN "site_handle_prefix" boolean DEFAULT false NOT NULL;
