CREATE TABLE "plugin_configs" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_configs_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "plugin_deliveries" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"config_id" uuid NOT NULL,
	"event_id" bigint,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	"last_status" integer,
	"last_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_deliveries_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
ALTER TABLE "plugin_configs" ADD CONSTRAINT "plugin_configs_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_deliveries" ADD CONSTRAINT "plugin_deliveries_node_id_config_id_plugin_configs_node_id_id_fk" FOREIGN KEY ("node_id","config_id") REFERENCES "public"."plugin_configs"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_configs_plugin_idx" ON "plugin_configs" USING btree ("node_id","plugin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_deliveries_event_uq" ON "plugin_deliveries" USING btree ("node_id","config_id","event_id");--> statement-breakpoint
CREATE INDEX "plugin_deliveries_log_idx" ON "plugin_deliveries" USING btree ("node_id","config_id","created_at");--> statement-breakpoint
CREATE INDEX "plugin_deliveries_due_idx" ON "plugin_deliveries" USING btree ("next_at") WHERE "plugin_deliveries"."status" = 'pending';