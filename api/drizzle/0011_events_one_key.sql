-- One b-tree per event (ADR 015): the primary key is the readers' order (txid, id); the age index
-- for retention becomes BRIN (rows arrive in time order). Fewer index entries per written event.
DROP INDEX "events_position_idx";--> statement-breakpoint
DROP INDEX "events_occurred_idx";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_pkey";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY("txid","id");--> statement-breakpoint
CREATE INDEX "events_occurred_idx" ON "events" USING brin ("occurred_at");
