ALTER TABLE "users" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "logo_type" text;