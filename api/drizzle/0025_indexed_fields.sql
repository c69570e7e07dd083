ALTER TABLE "fields" ADD COLUMN "indexed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fields" ADD COLUMN "index_state" text;