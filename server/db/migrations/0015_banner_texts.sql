-- The home page's sale banner shows its banner's words (decision 095): a small line (title), the big
-- heading (subtitle) and the button's words. Existing banners keep what the home page showed until now,
-- the spec's words; a title staff typed themselves is kept and now shows.
ALTER TABLE "banners" ADD COLUMN "subtitle" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "button_text" text;--> statement-breakpoint
UPDATE "banners" SET
  "title" = CASE
    WHEN coalesce(trim("title"), '') = '' OR "title" = 'Summer sale: handloom cottons and silks' THEN '30% off sale'
    ELSE "title"
  END,
  "subtitle" = 'Latest Exclusive Summer Collection',
  "button_text" = 'Shop now',
  "updated_at" = now();
