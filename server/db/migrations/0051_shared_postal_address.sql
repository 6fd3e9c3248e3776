-- One postal address, however it was typed (the risk rule shared_address, docs/risk.md): the street
-- line in lower case with runs of spaces and punctuation as one space, then the postcode in capitals
-- without spaces, or the town when there is no postcode. Null without a street line.
CREATE FUNCTION postal_address_key(profile jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(btrim(profile->>'address'), '') = '' THEN NULL ELSE
    btrim(lower(regexp_replace(profile->>'address', '[[:space:][:punct:]]+', ' ', 'g')))
    || '|' || coalesce(nullif(upper(regexp_replace(coalesce(profile->>'postcode', ''), '[[:space:]]+', '', 'g')), ''), btrim(lower(coalesce(profile->>'home_town', ''))))
  END
$$;--> statement-breakpoint
CREATE INDEX "users_postal_address_idx" ON "users" USING btree (postal_address_key("profile")) WHERE postal_address_key("users"."profile") is not null;