-- Who a caller is and what they may do (session, user, binding, rights, teams, the node's row) is
-- cached by each upstream process (services/auth-cache.ts). Every change to those rows announces
-- itself on channel nodus_changes once its transaction commits (NOTIFY is transactional), and each
-- process drops what it holds of that session ('s:'), user ('u:') or node ('n:'). Triggers, so that
-- no code path can change them without telling.
CREATE FUNCTION "nodus_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  -- A team's right reaches every member: drop the whole node's entries.
  IF TG_TABLE_NAME = 'rights' AND r ->> 'subject_type' = 'team' THEN
    PERFORM pg_notify('nodus_changes', 'n:' || (r ->> 'node_id'));
  ELSE
    PERFORM pg_notify('nodus_changes', TG_ARGV[0] || ':' || (r ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('s', 'id');--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('u', 'id');--> statement-breakpoint
CREATE TRIGGER "nodes_notify" AFTER UPDATE OR DELETE ON "nodes" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('n', 'id');--> statement-breakpoint
CREATE TRIGGER "node_users_notify" AFTER INSERT OR UPDATE OR DELETE ON "node_users" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('u', 'user_id');--> statement-breakpoint
CREATE TRIGGER "team_members_notify" AFTER INSERT OR UPDATE OR DELETE ON "team_members" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('u', 'user_id');--> statement-breakpoint
CREATE TRIGGER "rights_notify" AFTER INSERT OR UPDATE OR DELETE ON "rights" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('u', 'subject_id');
