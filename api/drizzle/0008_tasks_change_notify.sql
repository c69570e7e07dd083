-- A task query's total is kept for a moment per node and query (services/task-counts.ts). Every
-- change to a node's tasks says so on nodus_changes ('t:<node id>', once per transaction: NOTIFY
-- folds equal payloads), so that every upstream process counts afresh, whoever made the change.
CREATE FUNCTION "nodus_notify_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nodus_changes', 't:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD."node_id" ELSE NEW."node_id" END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tasks_notify" AFTER INSERT OR UPDATE OR DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_tasks"();
