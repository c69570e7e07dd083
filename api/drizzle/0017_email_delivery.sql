CREATE TABLE "email_preferences" (
	"node_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"digest_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_preferences_node_id_user_id_pk" PRIMARY KEY("node_id","user_id"),
	CONSTRAINT "email_preferences_mode_ck" CHECK ("email_preferences"."mode" in ('off', 'instant', 'digest'))
);
--> statement-breakpoint
DROP INDEX "notifications_email_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_next_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_error" text;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_node_id_user_id_node_users_node_id_user_id_fk" FOREIGN KEY ("node_id","user_id") REFERENCES "public"."node_users"("node_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_email_due_idx" ON "notifications" USING btree ("email_next_at") WHERE "notifications"."email" in ('pending', 'digest');--> statement-breakpoint
-- The e-mail plugin's TLS setting was a switch (on = STARTTLS); it is now none / starttls / tls.
UPDATE "plugin_configs" SET "settings" = jsonb_set("settings", '{tls}', CASE WHEN "settings"->>'tls' = 'true' THEN '"starttls"'::jsonb ELSE '"none"'::jsonb END) WHERE "plugin_id" = 'email' AND jsonb_typeof("settings"->'tls') = 'boolean';
