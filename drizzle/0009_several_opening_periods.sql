-- Several opening periods a day (docs/decisions/0020-several-opening-periods.md): a day's hours
-- become a list of {open, closed} periods. A day stored as one object becomes a list of that one
-- period; null (closed) stays null. Rows already in the new shape are left as they are.
UPDATE "locations" SET "hours" = (
	SELECT jsonb_object_agg(day.key, CASE WHEN jsonb_typeof(day.value) = 'object' THEN jsonb_build_array(day.value) ELSE day.value END)
	FROM jsonb_each("locations"."hours") AS day
)
WHERE jsonb_typeof("hours") = 'object'
	AND EXISTS (SELECT 1 FROM jsonb_each("locations"."hours") AS day WHERE jsonb_typeof(day.value) = 'object');
--> statement-breakpoint
UPDATE "location_hour_adjustments" SET "hours" = jsonb_build_array("hours")
WHERE jsonb_typeof("hours") = 'object';
