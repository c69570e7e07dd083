ALTER TABLE "nodes" ADD COLUMN "config_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The node's configuration (workflow, fields, forms) changes rarely and is read by every task
-- request: the upstream caches it per node and config_version. A trigger on each table bumps the
-- version in the same transaction as the change, so no code path can forget to, and every
-- instance behind a load balancer sees the bump with the data.
CREATE FUNCTION "nodus_bump_config_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "nodes" SET "config_version" = "config_version" + 1
   WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."node_id" ELSE NEW."node_id" END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "statuses_config" AFTER INSERT OR UPDATE OR DELETE ON "statuses" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "progress_config" AFTER INSERT OR UPDATE OR DELETE ON "progress" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "progress_statuses_config" AFTER INSERT OR UPDATE OR DELETE ON "progress_statuses" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "processes_config" AFTER INSERT OR DELETE ON "processes" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
-- Creating a task moves its process's task_counter: that is not configuration.
CREATE TRIGGER "processes_config_update" AFTER UPDATE ON "processes" FOR EACH ROW
  WHEN ((OLD."key", OLD."name", OLD."description", OLD."progress_id", OLD."form_id")
        IS DISTINCT FROM (NEW."key", NEW."name", NEW."description", NEW."progress_id", NEW."form_id"))
  EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "process_transitions_config" AFTER INSERT OR UPDATE OR DELETE ON "process_transitions" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "process_field_rules_config" AFTER INSERT OR UPDATE OR DELETE ON "process_field_rules" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "fields_config" AFTER INSERT OR UPDATE OR DELETE ON "fields" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();--> statement-breakpoint
CREATE TRIGGER "forms_config" AFTER INSERT OR UPDATE OR DELETE ON "forms" FOR EACH ROW EXECUTE FUNCTION "nodus_bump_config_version"();
