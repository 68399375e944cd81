-- The catalogue import in the console (docs/catalogue-import.md, "In the console"; docs/decisions/0033): one row per
-- uploaded file, from its dry run to its load. The file, its problems and the load's parts are in R2 (IMPORT_FILES).
CREATE TABLE catalogue_imports (
  id INTEGER PRIMARY KEY,
  -- checking -> refused | ready -> loading -> following -> loaded; failed from any running state.
  state TEXT NOT NULL CHECK (state IN ('checking', 'refused', 'ready', 'loading', 'following', 'loaded', 'failed')),
  -- 1 while the import runs (checking, loading, following), else NULL: the unique index lets one run at a time.
  running INTEGER CHECK (running = 1),
  format TEXT NOT NULL CHECK (format IN ('csv', 'json')),
  file_name TEXT NOT NULL,
  categories_name TEXT,
  bytes INTEGER NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at TEXT NOT NULL,
  confirmed_by TEXT,
  -- Who confirmed (src/domain/staff.ts Actor as JSON): the load's end is written to the audit trail in their name.
  confirmed_actor TEXT,
  confirmed_at TEXT,
  finished_at TEXT,
  -- The dry run's counts.
  problems INTEGER NOT NULL DEFAULT 0,
  new_products INTEGER NOT NULL DEFAULT 0,
  updated_products INTEGER NOT NULL DEFAULT 0,
  removed_products INTEGER NOT NULL DEFAULT 0,
  categories INTEGER NOT NULL DEFAULT 0,
  -- The load's progress: parts (one D1 batch each) and the products they hold.
  chunks_total INTEGER NOT NULL DEFAULT 0,
  chunks_done INTEGER NOT NULL DEFAULT 0,
  rows_total INTEGER NOT NULL DEFAULT 0,
  rows_done INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
CREATE UNIQUE INDEX catalogue_imports_one_running ON catalogue_imports (running);

-- Each part applied, written in the part's own batch: a part the queue delivers twice fails on this key and changes nothing.
CREATE TABLE catalogue_import_chunks (
  import_id INTEGER NOT NULL REFERENCES catalogue_imports (id),
  chunk INTEGER NOT NULL,
  PRIMARY KEY (import_id, chunk)
);
