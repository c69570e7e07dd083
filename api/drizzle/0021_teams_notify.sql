-- A team's name shows in widgets (a table's filter options, services/board-data/filter-options.ts),
-- whose data each upstream process keeps a while (services/board-data/cache.ts, ADR 023). A change
-- to a node's teams announces itself like the other access rows (migration 0007): 'n:<node id>'.
CREATE TRIGGER "teams_notify" AFTER INSERT OR UPDATE OR DELETE ON "teams" FOR EACH ROW EXECUTE FUNCTION "nodus_notify_change"('n', 'node_id');
