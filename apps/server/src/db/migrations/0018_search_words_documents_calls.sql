-- The search dictionary (0005) also takes the words of documents (name and extracted text) and of call recordings
-- (file name and transcript): a misspelled word that occurs only in a document or a call ('skylite') now finds its
-- similar word ('skylight') for search and for the assistant, as job and task words always did. Only the first
-- 200,000 characters count, as in the rows' search vectors. 0005's functions for jobs and tasks stay as they are.
CREATE OR REPLACE FUNCTION search_words_from_text_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so concurrent inserts take the words' locks in one order (no deadlock).
  IF TG_TABLE_NAME = 'documents' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, search_words_of(concat_ws(' ', new_rows.name, left(new_rows.extracted_text, 200000))) AS w
      ORDER BY 1 ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, search_words_of(concat_ws(' ', new_rows.file_name, left(new_rows.transcript_text, 200000))) AS w
      ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_words_from_text_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Separate branches: PL/pgSQL resolves NEW's fields in every expression it plans, taken or not.
  IF TG_TABLE_NAME = 'documents' THEN
    INSERT INTO search_words (word)
      SELECT w FROM search_words_of(concat_ws(' ', NEW.name, left(NEW.extracted_text, 200000))) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT w FROM search_words_of(concat_ws(' ', NEW.file_name, left(NEW.transcript_text, 200000))) AS w ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER documents_search_words_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_text_rows();
--> statement-breakpoint
CREATE TRIGGER recordings_search_words_insert AFTER INSERT ON recordings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_text_rows();
--> statement-breakpoint
-- Text arrives later on both (extraction, OCR, transcription, a rename): per row, only when it changed.
CREATE TRIGGER documents_search_words_update AFTER UPDATE OF name, extracted_text ON documents FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.extracted_text IS DISTINCT FROM NEW.extracted_text)
  EXECUTE FUNCTION search_words_from_text_row();
--> statement-breakpoint
CREATE TRIGGER recordings_search_words_update AFTER UPDATE OF file_name, transcript_text ON recordings FOR EACH ROW
  WHEN (OLD.file_name IS DISTINCT FROM NEW.file_name OR OLD.transcript_text IS DISTINCT FROM NEW.transcript_text)
  EXECUTE FUNCTION search_words_from_text_row();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT w FROM documents, search_words_of(concat_ws(' ', documents.name, left(documents.extracted_text, 200000))) AS w
  UNION
  SELECT w FROM recordings, search_words_of(concat_ws(' ', recordings.file_name, left(recordings.transcript_text, 200000))) AS w
ON CONFLICT DO NOTHING;
