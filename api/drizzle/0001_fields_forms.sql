CREATE TABLE "fields" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"structure" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fields_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_bindings" (
	"node_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_bindings_node_id_target_type_target_id_pk" PRIMARY KEY("node_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"layout" text DEFAULT 'simple' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"editable" jsonb,
	"visible" jsonb,
	"tabs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_bindings" ADD CONSTRAINT "form_bindings_node_id_form_id_forms_node_id_id_fk" FOREIGN KEY ("node_id","form_id") REFERENCES "public"."forms"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_bindings" ADD CONSTRAINT "form_bindings_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fields_node_name_uq" ON "fields" USING btree ("node_id","name");--> statement-breakpoint
CREATE INDEX "form_bindings_form_idx" ON "form_bindings" USING btree ("node_id","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_node_name_uq" ON "forms" USING btree ("node_id",lower("name"));--> statement-breakpoint
CREATE INDEX "forms_fields_gin" ON "forms" USING gin ("fields" jsonb_path_ops);