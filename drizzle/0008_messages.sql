CREATE TABLE "message_templates" (
	"event" text NOT NULL,
	"language" text NOT NULL,
	"template" text NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_event_language_pk" PRIMARY KEY("event","language")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"to" text NOT NULL,
	"language" text DEFAULT 'bn' NOT NULL,
	"subject" text,
	"text" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'bn' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_waiting_idx" ON "messages" USING btree ("created_at") WHERE "messages"."status" in ('queued', 'sending');--> statement-breakpoint
-- Every server hears of a message when its transaction commits (NOTIFY is delivered on commit)
-- and queues its send job at once (decision 059).
CREATE FUNCTION "haat_message_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haat_message_queued', NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_queued_notify" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION "haat_message_queued"();
