-- Issue 14: the node settings `auth.service_center` and `sso` become the node's SSO plugin
-- configuration (domain/plugins/sso.ts; docs/decisions/020). Nothing of them is secret, so the move
-- is plain SQL. Both statements are idempotent: a node that already has an SSO configuration keeps
-- it, and settings without the old keys are left alone (api/src/plugins/sso/migration.test.ts runs
-- this file twice).
INSERT INTO "plugin_configs" ("node_id", "plugin_id", "name", "enabled", "settings")
SELECT n."id", 'sso', 'SSO', true, jsonb_strip_nulls(jsonb_build_object(
  'service_center_url', n."settings" #>> '{auth,service_center,url}',
  'project_id', n."settings" #>> '{auth,service_center,project_id}',
  'account_id', n."settings" #>> '{auth,service_center,account_id}',
  'issuer', n."settings" #>> '{sso,issuer}',
  'audience', n."settings" #>> '{sso,audience}',
  'jwks_url', n."settings" #>> '{sso,jwks_url}',
  'create_users', CASE WHEN jsonb_typeof(n."settings" #> '{sso,create_users}') = 'boolean'
    THEN n."settings" #> '{sso,create_users}' ELSE 'false'::jsonb END
))
FROM "nodes" n
WHERE (jsonb_typeof(n."settings" -> 'sso') = 'object'
    OR jsonb_typeof(n."settings" #> '{auth,service_center}') = 'object')
  AND NOT EXISTS (
    SELECT 1 FROM "plugin_configs" c WHERE c."node_id" = n."id" AND c."plugin_id" = 'sso'
  );
--> statement-breakpoint
UPDATE "nodes" SET
  "settings" = CASE
    WHEN jsonb_typeof("settings" -> 'auth') = 'object' AND ("settings" -> 'auth') - 'service_center' <> '{}'::jsonb
      THEN jsonb_set("settings" - 'sso', '{auth}', ("settings" -> 'auth') - 'service_center')
    ELSE "settings" - 'sso' - 'auth'
  END,
  "version" = "version" + 1
WHERE "settings" ? 'sso'
  OR ("settings" ? 'auth' AND (jsonb_typeof("settings" -> 'auth') <> 'object'
    OR "settings" -> 'auth' ? 'service_center' OR "settings" -> 'auth' = '{}'::jsonb));
