-- The events outbox wakes every upstream process's dispatcher once its transaction commits (ADR 015):
-- one notice per inserting statement on the channel the processes already LISTEN on ('e': NOTIFY
-- folds a transaction's equal payloads into one). The notice carries nothing: the rows are read from
-- the table, in order, so a lost notice only delays (the dispatchers also poll).
CREATE FUNCTION "nodus_notify_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nodus_changes', 'e');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_notify" AFTER INSERT ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "nodus_notify_events"();
