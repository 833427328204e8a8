CREATE TABLE "order_codes" (
	"order_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaiting_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_codes" ADD CONSTRAINT "order_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_awaiting_code_idx" ON "orders" USING btree ("placed_at") WHERE "orders"."awaiting_code" and "orders"."status" = 'Pending';