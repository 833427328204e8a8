DROP INDEX "products_created_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_bn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_bn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "title_bn" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_name_bn_trgm_idx" ON "products" USING gin ("name_bn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"name","name_bn");