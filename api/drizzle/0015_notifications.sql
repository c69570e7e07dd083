CREATE TABLE "notification_preferences" (
	"node_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "notification_preferences_node_id_user_id_process_id_kind_pk" PRIMARY KEY("node_id","user_id","process_id","kind"),
	CONSTRAINT "notification_preferences_kind_ck" CHECK ("notification_preferences"."kind" in ('assigned', 'status', 'mention', 'comment')),
	CONSTRAINT "notification_preferences_channel_ck" CHECK ("notification_preferences"."channel" in ('app', 'email', 'off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"node_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_id" uuid,
	"event_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email" text,
	CONSTRAINT "notifications_node_id_id_pk" PRIMARY KEY("node_id","id"),
	CONSTRAINT "notifications_event_uq" UNIQUE("node_id","user_id","event_id","kind"),
	CONSTRAINT "notifications_kind_ck" CHECK ("notifications"."kind" in ('assigned', 'status', 'mention', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "task_watchers" (
	"node_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_watchers_node_id_task_id_user_id_pk" PRIMARY KEY("node_id","task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_node_id_process_id_processes_node_id_id_fk" FOREIGN KEY ("node_id","process_id") REFERENCES "public"."processes"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_node_id_user_id_node_users_node_id_user_id_fk" FOREIGN KEY ("node_id","user_id") REFERENCES "public"."node_users"("node_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_node_id_task_id_tasks_node_id_id_fk" FOREIGN KEY ("node_id","task_id") REFERENCES "public"."tasks"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_node_id_user_id_node_users_node_id_user_id_fk" FOREIGN KEY ("node_id","user_id") REFERENCES "public"."node_users"("node_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_node_id_task_id_tasks_node_id_id_fk" FOREIGN KEY ("node_id","task_id") REFERENCES "public"."tasks"("node_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_node_id_user_id_node_users_node_id_user_id_fk" FOREIGN KEY ("node_id","user_id") REFERENCES "public"."node_users"("node_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("node_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("node_id","user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_idx" ON "notifications" USING btree ("node_id","created_at") WHERE "notifications"."email" = 'pending';