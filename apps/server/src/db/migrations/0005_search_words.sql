-- The search dictionary (search_words in db/schema/work.ts): every distinct word of jobs' and tasks' text.
-- Misspelled searches find similar words here by trigram, then run full-text search with them.
-- Words are never removed: a stale word only makes a suggestion that matches nothing.
CREATE OR REPLACE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(body, '')), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so concurrent inserts take the words' locks in one order (no deadlock).
  IF TG_TABLE_NAME = 'jobs' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, search_words_of(concat_ws(' ', new_rows.title, new_rows.client_name, new_rows.property_address, new_rows.description)) AS w
      ORDER BY 1 ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, search_words_of(new_rows.description) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'jobs' THEN
    INSERT INTO search_words (word)
      SELECT w FROM search_words_of(concat_ws(' ', NEW.title, NEW.client_name, NEW.property_address, NEW.description)) AS w
      ORDER BY 1 ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word) SELECT w FROM search_words_of(NEW.description) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inserts: once per statement (bulk loads stay cheap). Updates: per row, only when the text changed
-- (transition tables cannot be combined with a column list).
CREATE TRIGGER jobs_search_words_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER tasks_search_words_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_rows();
--> statement-breakpoint
CREATE TRIGGER jobs_search_words_update AFTER UPDATE OF title, client_name, property_address, description ON jobs FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.client_name IS DISTINCT FROM NEW.client_name
        OR OLD.property_address IS DISTINCT FROM NEW.property_address OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION search_words_from_row();
--> statement-breakpoint
CREATE TRIGGER tasks_search_words_update AFTER UPDATE OF description ON tasks FOR EACH ROW
  WHEN (OLD.description IS DISTINCT FROM NEW.description) EXECUTE FUNCTION search_words_from_row();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT w FROM jobs, search_words_of(concat_ws(' ', jobs.title, jobs.client_name, jobs.property_address, jobs.description)) AS w
  UNION
  SELECT w FROM tasks, search_words_of(tasks.description) AS w
ON CONFLICT DO NOTHING;
