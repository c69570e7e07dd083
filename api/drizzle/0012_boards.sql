CREATE TABLE "board_widgets" (
	"node_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"widget_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_widgets_node_id_board_id_widget_id_pk" PRIMARY KEY("node_id","board_id","widget_id")
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"layout" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boards_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_home_boards" (
	"node_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	CONSTRAINT "user_home_boards_node_id_user_id_pk" PRIMARY KEY("node_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_node_id_id_pk" PRIMARY KEY("node_id","id")
);
--> statement-breakpoint
ALTER TABLE "board_widgets" ADD CONSTRAINT "board_widgets_node_id_board_id_boards_node_id_id_fk" FOREIGN KEY ("node_id","board_id") REFERENCES "public"."boards"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_widgets" ADD CONSTRAINT "board_widgets_node_id_widget_id_widgets_node_id_id_fk" FOREIGN KEY ("node_id","widget_id") REFERENCES "public"."widgets"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_home_boards" ADD CONSTRAINT "user_home_boards_node_id_user_id_node_users_node_id_user_id_fk" FOREIGN KEY ("node_id","user_id") REFERENCES "public"."node_users"("node_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_home_boards" ADD CONSTRAINT "user_home_boards_node_id_board_id_boards_node_id_id_fk" FOREIGN KEY ("node_id","board_id") REFERENCES "public"."boards"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_widgets_widget_idx" ON "board_widgets" USING btree ("node_id","widget_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boards_default_uq" ON "boards" USING btree ("node_id") WHERE "boards"."is_default";--> statement-breakpoint
CREATE INDEX "boards_name_idx" ON "boards" USING btree ("node_id",lower("name"));--> statement-breakpoint
CREATE INDEX "widgets_title_idx" ON "widgets" USING btree ("node_id",lower("title"));