-- Issue 14: an SSO configuration made by migration 0018 (from the node settings) starts its history
-- with "migrated from the node settings" (plugins.config_migrated): no actor (the system), at the
-- configuration's creation time, with the settings it was given (nothing in them is secret).
-- Only configurations without any history get it — every one made through the API has its
-- "created" entry — so running this again adds nothing (api/src/plugins/sso/migration.test.ts).
INSERT INTO "audit_log" ("node_id", "actor_id", "action", "target_id", "data", "created_at")
SELECT c."node_id", NULL, 'plugins.config_migrated', c."id"::text,
  jsonb_build_object('plugin_id', 'sso', 'changes', c."settings"), c."created_at"
FROM "plugin_configs" c
WHERE c."plugin_id" = 'sso'
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log" a
    WHERE a."node_id" = c."node_id" AND a."target_id" = c."id"::text AND a."action" LIKE 'plugins.%'
  );
