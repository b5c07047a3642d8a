CREATE TABLE "dashboard_count" (
	"user_id" text NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "dashboard_count_user_id_metric_key_pk" PRIMARY KEY("user_id","metric","key")
);
--> statement-breakpoint
DROP INDEX "takedown_event_user_idx";--> statement-breakpoint
ALTER TABLE "dashboard_count" ADD CONSTRAINT "dashboard_count_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takedown_user_notice_sent_idx" ON "takedown" USING btree ("user_id","notice_sent_at");--> statement-breakpoint
CREATE INDEX "takedown_event_user_idx" ON "takedown_event" USING btree ("user_id","at","id");--> statement-breakpoint
CREATE FUNCTION "dashboard_takedown_metrics"("status" text, "kind" text, "site_kind" text, "notice_sent_at" timestamptz, "removed_at" timestamptz) RETURNS TABLE ("metric" text, "key" text) LANGUAGE sql STABLE AS $$
  SELECT m.metric, m.key FROM (VALUES
    ('confirmed', '', true),
    ('notices_sent', '', notice_sent_at IS NOT NULL),
    ('removed', '', status = 'removed'),
    ('pending', '', status IN ('confirmed', 'notice_sent', 'rejected', 'no_response', 'escalated')),
    ('removed_after_notice', '', status = 'removed' AND notice_sent_at IS NOT NULL),
    ('likeness', '', kind = 'likeness'),
    ('likeness_pending', '', kind = 'likeness' AND status IN ('confirmed', 'notice_sent', 'rejected', 'no_response', 'escalated')),
    ('likeness_removed', '', kind = 'likeness' AND status = 'removed'),
    ('removed_by_site_kind', coalesce(site_kind, ''), status = 'removed'),
    ('notices_sent_on', coalesce(to_char(notice_sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''), notice_sent_at IS NOT NULL),
    ('removed_on', coalesce(to_char(removed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), ''), removed_at IS NOT NULL)
  ) AS m(metric, key, counts)
  WHERE m.counts
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_finding_metrics"("status" text, "kind" text, "site_kind" text, "first_seen_at" timestamptz, "staff_review_requested_at" timestamptz) RETURNS TABLE ("metric" text, "key" text) LANGUAGE sql STABLE AS $$
  SELECT m.metric, m.key FROM (VALUES
    ('found', '', status NOT IN ('rejected', 'whitelisted')),
    ('found_by_site_kind', coalesce(site_kind, ''), status NOT IN ('rejected', 'whitelisted')),
    ('found_on', to_char(first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), status NOT IN ('rejected', 'whitelisted')),
    ('likeness_findings', '', kind = 'likeness'),
    ('likeness_awaiting_review', '', kind = 'likeness' AND status = 'pending_review' AND staff_review_requested_at IS NULL),
    ('likeness_with_shark', '', kind = 'likeness' AND status = 'pending_review' AND staff_review_requested_at IS NOT NULL),
    ('likeness_found', '', kind = 'likeness' AND status NOT IN ('rejected', 'whitelisted'))
  ) AS m(metric, key, counts)
  WHERE m.counts
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_count_takedowns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Decrements only: when the account itself is being deleted its counts may be gone already.
    UPDATE "dashboard_count" c SET "n" = c."n" - d.n
    FROM (
      SELECT o.user_id, m.metric, m.key, count(*)::int AS n
      FROM "dashboard_old_takedown" o
      CROSS JOIN LATERAL dashboard_takedown_metrics(o.status, o.kind, o.site_kind, o.notice_sent_at, o.removed_at) m
      GROUP BY 1, 2, 3
    ) d
    WHERE c."user_id" = d.user_id AND c."metric" = d.metric AND c."key" = d.key;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_count" ("user_id", "metric", "key", "n")
    SELECT nw.user_id, m.metric, m.key, count(*)::int
    FROM "dashboard_new_takedown" nw
    CROSS JOIN LATERAL dashboard_takedown_metrics(nw.status, nw.kind, nw.site_kind, nw.notice_sent_at, nw.removed_at) m
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "metric", "key") DO UPDATE SET "n" = "dashboard_count"."n" + excluded."n";
  ELSE
    INSERT INTO "dashboard_count" ("user_id", "metric", "key", "n")
    SELECT d.user_id, d.metric, d.key, sum(d.n)::int
    FROM (
      SELECT nw.user_id, m.metric, m.key, 1 AS n
      FROM "dashboard_new_takedown" nw
      CROSS JOIN LATERAL dashboard_takedown_metrics(nw.status, nw.kind, nw.site_kind, nw.notice_sent_at, nw.removed_at) m
      UNION ALL
      SELECT o.user_id, m.metric, m.key, -1 AS n
      FROM "dashboard_old_takedown" o
      CROSS JOIN LATERAL dashboard_takedown_metrics(o.status, o.kind, o.site_kind, o.notice_sent_at, o.removed_at) m
    ) d
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "metric", "key") DO UPDATE SET "n" = "dashboard_count"."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_count_findings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "dashboard_count" c SET "n" = c."n" - d.n
    FROM (
      SELECT o.user_id, m.metric, m.key, count(*)::int AS n
      FROM "dashboard_old_finding" o
      CROSS JOIN LATERAL dashboard_finding_metrics(o.status, o.kind, o.site_kind, o.first_seen_at, o.staff_review_requested_at) m
      GROUP BY 1, 2, 3
    ) d
    WHERE c."user_id" = d.user_id AND c."metric" = d.metric AND c."key" = d.key;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "dashboard_count" ("user_id", "metric", "key", "n")
    SELECT nw.user_id, m.metric, m.key, count(*)::int
    FROM "dashboard_new_finding" nw
    CROSS JOIN LATERAL dashboard_finding_metrics(nw.status, nw.kind, nw.site_kind, nw.first_seen_at, nw.staff_review_requested_at) m
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "metric", "key") DO UPDATE SET "n" = "dashboard_count"."n" + excluded."n";
  ELSE
    INSERT INTO "dashboard_count" ("user_id", "metric", "key", "n")
    SELECT d.user_id, d.metric, d.key, sum(d.n)::int
    FROM (
      SELECT nw.user_id, m.metric, m.key, 1 AS n
      FROM "dashboard_new_finding" nw
      CROSS JOIN LATERAL dashboard_finding_metrics(nw.status, nw.kind, nw.site_kind, nw.first_seen_at, nw.staff_review_requested_at) m
      UNION ALL
      SELECT o.user_id, m.metric, m.key, -1 AS n
      FROM "dashboard_old_finding" o
      CROSS JOIN LATERAL dashboard_finding_metrics(o.status, o.kind, o.site_kind, o.first_seen_at, o.staff_review_requested_at) m
    ) d
    GROUP BY 1, 2, 3
    HAVING sum(d.n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "metric", "key") DO UPDATE SET "n" = "dashboard_count"."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_count_takedown_insert" AFTER INSERT ON "takedown" REFERENCING NEW TABLE AS "dashboard_new_takedown" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_takedowns"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_count_takedown_update" AFTER UPDATE ON "takedown" REFERENCING OLD TABLE AS "dashboard_old_takedown" NEW TABLE AS "dashboard_new_takedown" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_takedowns"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_count_takedown_delete" AFTER DELETE ON "takedown" REFERENCING OLD TABLE AS "dashboard_old_takedown" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_takedowns"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_count_finding_insert" AFTER INSERT ON "finding" REFERENCING NEW TABLE AS "dashboard_new_finding" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_findings"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_count_finding_update" AFTER UPDATE ON "finding" REFERENCING OLD TABLE AS "dashboard_old_finding" NEW TABLE AS "dashboard_new_finding" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_findings"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_count_finding_delete" AFTER DELETE ON "finding" REFERENCING OLD TABLE AS "dashboard_old_finding" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_count_findings"();
--> statement-breakpoint
-- The figures of the takedowns and findings already there, counted once.
INSERT INTO "dashboard_count" ("user_id", "metric", "key", "n")
SELECT t.user_id, m.metric, m.key, count(*)::int
FROM "takedown" t
CROSS JOIN LATERAL dashboard_takedown_metrics(t.status, t.kind, t.site_kind, t.notice_sent_at, t.removed_at) m
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "dashboard_count" ("user_id", "metric", "key", "n")
SELECT f.user_id, m.metric, m.key, count(*)::int
FROM "finding" f
CROSS JOIN LATERAL dashboard_finding_metrics(f.status, f.kind, f.site_kind, f.first_seen_at, f.staff_review_requested_at) m
GROUP BY 1, 2, 3;
