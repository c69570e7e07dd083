CREATE TABLE "process_field_rules" (
	"node_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"field" text NOT NULL,
	"rule" text NOT NULL,
	CONSTRAINT "process_field_rules_node_id_process_id_status_id_field_pk" PRIMARY KEY("node_id","process_id","status_id","field")
);
--> statement-breakpoint
CREATE TABLE "process_transitions" (
	"node_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"from_status_id" uuid NOT NULL,
	"to_status_id" uuid NOT NULL,
	"right_code" text,
	"team_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "process_transitions_node_id_process_id_from_status_id_to_status_id_pk" PRIMARY KEY("node_id","process_id","from_status_id","to_status_id")
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"progress_id" uuid NOT NULL,
	"form_id" uuid,
	"task_counter" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processes_node_id_id_pk" PRIMARY KEY("node_id","id"),
	CONSTRAINT "processes_key_uq" UNIQUE("node_id","key")
);
--> statement-breakpoint
CREATE TABLE "progress" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progress_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "progress_statuses" (
	"node_id" uuid NOT NULL,
	"progress_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "progress_statuses_node_id_progress_id_status_id_pk" PRIMARY KEY("node_id","progress_id","status_id"),
	CONSTRAINT "progress_statuses_position_uq" UNIQUE("node_id","progress_id","position")
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#9e9e9e' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statuses_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
ALTER TABLE "process_field_rules" ADD CONSTRAINT "process_field_rules_node_id_process_id_processes_node_id_id_fk" FOREIGN KEY ("node_id","process_id") REFERENCES "public"."processes"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_field_rules" ADD CONSTRAINT "process_field_rules_node_id_status_id_statuses_node_id_id_fk" FOREIGN KEY ("node_id","status_id") REFERENCES "public"."statuses"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_transitions" ADD CONSTRAINT "process_transitions_node_id_process_id_processes_node_id_id_fk" FOREIGN KEY ("node_id","process_id") REFERENCES "public"."processes"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_transitions" ADD CONSTRAINT "process_transitions_node_id_from_status_id_statuses_node_id_id_fk" FOREIGN KEY ("node_id","from_status_id") REFERENCES "public"."statuses"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_transitions" ADD CONSTRAINT "process_transitions_node_id_to_status_id_statuses_node_id_id_fk" FOREIGN KEY ("node_id","to_status_id") REFERENCES "public"."statuses"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_node_id_progress_id_progress_node_id_id_fk" FOREIGN KEY ("node_id","progress_id") REFERENCES "public"."progress"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress" ADD CONSTRAINT "progress_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_statuses" ADD CONSTRAINT "progress_statuses_node_id_progress_id_progress_node_id_id_fk" FOREIGN KEY ("node_id","progress_id") REFERENCES "public"."progress"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_statuses" ADD CONSTRAINT "progress_statuses_node_id_status_id_statuses_node_id_id_fk" FOREIGN KEY ("node_id","status_id") REFERENCES "public"."statuses"("node_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_field_rules_status_idx" ON "process_field_rules" USING btree ("node_id","status_id");--> statement-breakpoint
CREATE INDEX "process_transitions_from_idx" ON "process_transitions" USING btree ("node_id","from_status_id");--> statement-breakpoint
CREATE INDEX "process_transitions_to_idx" ON "process_transitions" USING btree ("node_id","to_status_id");--> statement-breakpoint
CREATE INDEX "processes_progress_idx" ON "processes" USING btree ("node_id","progress_id");--> statement-breakpoint
CREATE INDEX "progress_statuses_status_idx" ON "progress_statuses" USING btree ("node_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_name_uq" ON "statuses" USING btree ("node_id",lower("name"));