CREATE TABLE "attachments" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"type" text DEFAULT 'attachment' NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_comments_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "task_history" (
	"node_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"batch_id" uuid,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_history_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status_id" uuid NOT NULL,
	"assignee_id" uuid,
	"author_id" uuid NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_node_id_id_pk" PRIMARY KEY("node_id","id"),
	CONSTRAINT "tasks_key_uq" UNIQUE("node_id","key"),
	CONSTRAINT "tasks_process_number_uq" UNIQUE("node_id","process_id","number")
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_node_id_task_id_tasks_node_id_id_fk" FOREIGN KEY ("node_id","task_id") REFERENCES "public"."tasks"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_node_id_task_id_tasks_node_id_id_fk" FOREIGN KEY ("node_id","task_id") REFERENCES "public"."tasks"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_node_id_task_id_tasks_node_id_id_fk" FOREIGN KEY ("node_id","task_id") REFERENCES "public"."tasks"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_node_id_process_id_processes_node_id_id_fk" FOREIGN KEY ("node_id","process_id") REFERENCES "public"."processes"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_node_id_status_id_statuses_node_id_id_fk" FOREIGN KEY ("node_id","status_id") REFERENCES "public"."statuses"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_task_idx" ON "attachments" USING btree ("node_id","task_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_comments_task_idx" ON "task_comments" USING btree ("node_id","task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_history_task_idx" ON "task_history" USING btree ("node_id","task_id","id");--> statement-breakpoint
CREATE INDEX "task_history_batch_idx" ON "task_history" USING btree ("node_id","batch_id");--> statement-breakpoint
CREATE INDEX "tasks_updated_idx" ON "tasks" USING btree ("node_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status_updated_idx" ON "tasks" USING btree ("node_id","status_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_assignee_updated_idx" ON "tasks" USING btree ("node_id","assignee_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_process_updated_idx" ON "tasks" USING btree ("node_id","process_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_custom_fields_gin" ON "tasks" USING gin ("custom_fields" jsonb_path_ops);