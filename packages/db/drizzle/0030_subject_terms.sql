-- Search terms of a message's subject apart from its other words (docs/search.md, `subject:`). Rows
-- written before carry only the other kinds, so they keep version 1 and a `subject:` search treats
-- them as before (any word, then the subject opened); rows written from now on carry version 2.
ALTER TABLE "message_terms" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;
