DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_placed_idx";--> statement-breakpoint
DROP INDEX "orders_placed_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_sub_category_created_idx";--> statement-breakpoint
DROP INDEX "products_type_created_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"name");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_sub_category_created_idx" ON "products" USING btree ("sub_category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_type_created_idx" ON "products" USING btree ("product_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);