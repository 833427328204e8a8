CREATE TABLE "courier_areas" (
	"courier" text NOT NULL,
	"district" text NOT NULL,
	"thana" text NOT NULL,
	"city_id" integer,
	"zone_id" integer,
	"area_id" integer,
	"area_name" text,
	"source" text NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_areas_courier_district_thana_pk" PRIMARY KEY("courier","district","thana")
);
--> statement-breakpoint
CREATE TABLE "order_couriers" (
	"order_id" text PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"state" text NOT NULL,
	"consignment_id" text,
	"tracking_code" text,
	"courier_status" text,
	"courier_message" text,
	"courier_status_at" timestamp with time zone,
	"charge" integer,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_user_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_blocks" (
	"phone" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"blocked_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_courier_checks" (
	"phone" text PRIMARY KEY NOT NULL,
	"total_parcels" integer NOT NULL,
	"delivered" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_mobile_number_idx";--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "courier_areas" ADD CONSTRAINT "courier_areas_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_couriers" ADD CONSTRAINT "order_couriers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_couriers" ADD CONSTRAINT "order_couriers_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_blocks" ADD CONSTRAINT "phone_blocks_blocked_by_user_id_user_id_fk" FOREIGN KEY ("blocked_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_couriers_consignment_idx" ON "order_couriers" USING btree ("courier","consignment_id");--> statement-breakpoint
CREATE INDEX "order_couriers_state_idx" ON "order_couriers" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "order_couriers_open_idx" ON "order_couriers" USING btree ("courier_status_at") WHERE "order_couriers"."state" = 'booked' and "order_couriers"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "orders_mobile_status_idx" ON "orders" USING btree ("mobile_number","status");