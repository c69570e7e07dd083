CREATE TABLE "task_batches" (
	"node_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"query" text,
	"undo_of" uuid,
	"undone_by" uuid,
	"deleted" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_batches_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_batches" ADD CONSTRAINT "task_batches_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_batches_author_idx" ON "task_batches" USING btree ("node_id","author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_batches_created_idx" ON "task_batches" USING btree ("node_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Batches written before this table existed, from their history rows (the batch id groups them):
-- an import when it created tasks, else a bulk edit; the author is the actor of its first row.
-- An import undone since left no rows (its tasks went with their history): nothing to list.
INSERT INTO "task_batches" ("node_id", "id", "kind", "author_id", "count", "created_at")
SELECT h."node_id", h."batch_id",
  CASE WHEN bool_or(h."field" = 'created') THEN 'csv_import' ELSE 'bulk_edit' END,
  (array_agg(h."actor_id" ORDER BY h."id"))[1], count(DISTINCT h."task_id"), min(h."created_at")
FROM "task_history" h
WHERE h."batch_id" IS NOT NULL AND h."actor_id" IS NOT NULL
GROUP BY h."node_id", h."batch_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- An undo was recorded as a batch too: one whose first row reverses the latest earlier row of
-- another batch on the same task and field (old and new swapped) is taken for that batch's undo.
UPDATE "task_batches" u SET "kind" = 'undo', "undo_of" = m."of"
FROM (
  SELECT f."node_id", f."batch_id", (
    SELECT a."batch_id" FROM "task_history" a
     WHERE a."node_id" = f."node_id" AND a."task_id" = f."task_id" AND a."field" = f."field"
       AND a."id" < f."id" AND a."batch_id" IS NOT NULL AND a."batch_id" <> f."batch_id"
       AND a."new_value" IS NOT DISTINCT FROM f."old_value"
       AND a."old_value" IS NOT DISTINCT FROM f."new_value"
     ORDER BY a."id" DESC LIMIT 1) AS "of"
  FROM (
    SELECT DISTINCT ON ("node_id", "batch_id") "node_id", "batch_id", "task_id", "field", "old_value", "new_value", "id"
      FROM "task_history" WHERE "batch_id" IS NOT NULL
     ORDER BY "node_id", "batch_id", "id"
  ) f
) m
WHERE u."node_id" = m."node_id" AND u."id" = m."batch_id" AND m."of" IS NOT NULL AND u."kind" = 'bulk_edit';
--> statement-breakpoint
UPDATE "task_batches" a SET "undone_by" = u."id"
FROM "task_batches" u
WHERE u."node_id" = a."node_id" AND u."undo_of" = a."id" AND u."kind" = 'undo';
