-- Trigram indexes of the task search need pg_trgm (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
