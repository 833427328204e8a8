CREATE TABLE "staff_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text,
	"message" text NOT NULL,
	"details" text DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "staff_alerts" ADD CONSTRAINT "staff_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alerts" ADD CONSTRAINT "staff_alerts_resolved_by_user_id_user_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alerts_open_idx" ON "staff_alerts" USING btree ("kind","order_id") WHERE "staff_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "staff_alerts_created_idx" ON "staff_alerts" USING btree ("created_at");