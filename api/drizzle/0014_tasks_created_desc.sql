DROP INDEX "tasks_created_idx";--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("node_id","created_at" DESC NULLS LAST,"process_id");