-- processes.form_id becomes the one link from a process to its form (ADR 008, superseded part):
-- the bindings move onto their processes, ids that name no form of the node are cleared, then the
-- foreign key holds it.
UPDATE "processes" AS p SET "form_id" = b."form_id"
  FROM "form_bindings" AS b
 WHERE b."node_id" = p."node_id" AND b."target_type" = 'process' AND b."target_id" = p."id";--> statement-breakpoint
UPDATE "processes" AS p SET "form_id" = NULL
 WHERE p."form_id" IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM "forms" f WHERE f."node_id" = p."node_id" AND f."id" = p."form_id");--> statement-breakpoint
DROP TABLE "form_bindings" CASCADE;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_node_id_form_id_forms_node_id_id_fk" FOREIGN KEY ("node_id","form_id") REFERENCES "public"."forms"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processes_form_idx" ON "processes" USING btree ("node_id","form_id");
