-- Tells every server process that a user's sessions, account or profile changed, so the auth guard's cache of
-- verified sessions (platform/actor-cache.ts) forgets that user at once. The payload is the user id; NOTIFY is
-- delivered after commit, and identical payloads within one transaction are delivered once.
CREATE OR REPLACE FUNCTION actor_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column that holds the user id: user_id on auth_sessions, id on users and profiles.
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('fieldbook_actor', to_jsonb(OLD) ->> TG_ARGV[0]);
  ELSE
    PERFORM pg_notify('fieldbook_actor', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_actor_notify AFTER UPDATE OR DELETE ON auth_sessions FOR EACH ROW EXECUTE FUNCTION actor_changed_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER users_actor_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION actor_changed_notify('id');
--> statement-breakpoint
CREATE TRIGGER profiles_actor_notify AFTER INSERT OR UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION actor_changed_notify('id');
