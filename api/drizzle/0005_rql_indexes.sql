-- pg_trgm: trusted since PostgreSQL 13 (the database owner may create it); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tasks_status_assignee_updated_idx" ON "tasks" USING btree ("node_id","status_id","assignee_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_custom_fields_trgm" ON "tasks" USING gin (("custom_fields"::text) gin_trgm_ops);