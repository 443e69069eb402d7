-- Two coupon codes may not differ only by case ('DIWALI15' and 'diwali15'); customers still match exactly.
-- Codes that already differ only by case are kept apart first, deterministically: the oldest keeps its
-- code, each later one gets '-2', '-3', ... (the next free suffix), and the orders that used a renamed
-- coupon follow it, so its counted uses still come back when such an order is cancelled.
DO $$
DECLARE
  dup record;
  n integer;
  candidate text;
BEGIN
  FOR dup IN
    SELECT id, code, rank
    FROM (
      SELECT id, code, row_number() OVER (PARTITION BY lower(code) ORDER BY created_at, id) AS rank
      FROM coupons
    ) ranked
    WHERE rank > 1
    ORDER BY lower(code), rank
  LOOP
    n := dup.rank;
    candidate := dup.code || '-' || n;
    WHILE EXISTS (SELECT 1 FROM coupons WHERE lower(code) = lower(candidate)) LOOP
      n := n + 1;
      candidate := dup.code || '-' || n;
    END LOOP;
    UPDATE orders SET coupon_code = candidate WHERE coupon_code = dup.code;
    UPDATE coupons SET code = candidate, updated_at = now() WHERE id = dup.id;
  END LOOP;
END $$;--> statement-breakpoint
DROP INDEX "coupons_code_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_idx" ON "coupons" USING btree (lower("code"));
