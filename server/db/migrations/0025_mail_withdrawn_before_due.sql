ALTER TABLE "mail_outbox" ADD COLUMN "regarding" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_regarding_idx" ON "mail_outbox" USING btree ("regarding");