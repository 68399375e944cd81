-- Catalogue, regions, content. Names and texts are stored in both languages.

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES categories(id),
  url_key TEXT NOT NULL UNIQUE,
  name_ar TEXT NOT NULL,
  name_en TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  include_in_menu INTEGER NOT NULL DEFAULT 1,
  show_in_mega_menu INTEGER NOT NULL DEFAULT 1,
  show_animation INTEGER NOT NULL DEFAULT 0,
  banner_desktop TEXT,
  banner_mobile TEXT
);
CREATE INDEX categories_parent ON categories(parent_id, position);

CREATE TABLE products (
  entity_id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE,
  rewrite_url TEXT NOT NULL UNIQUE,
  type_id TEXT NOT NULL DEFAULT 'simple',
  name_ar TEXT NOT NULL,
  name_en TEXT NOT NULL,
  description_ar TEXT NOT NULL,
  description_en TEXT NOT NULL,
  brand_ar TEXT NOT NULL,
  brand_en TEXT NOT NULL,
  -- VAT-inclusive SAR prices. special_price applies only inside the discount window.
  price REAL NOT NULL,
  special_price REAL,
  discounted_price_from TEXT,
  discounted_price_to TEXT,
  back_orders INTEGER NOT NULL DEFAULT 0,
  preorder_note_ar TEXT,
  preorder_note_en TEXT,
  not_for_sale INTEGER NOT NULL DEFAULT 0,
  fast_delivery INTEGER NOT NULL DEFAULT 0,
  big_items INTEGER NOT NULL DEFAULT 0,
  delivery_within_24_hours INTEGER NOT NULL DEFAULT 0,
  eligible_for_tabby INTEGER NOT NULL DEFAULT 0,
  eligible_for_tamara INTEGER NOT NULL DEFAULT 0,
  show_outofstock INTEGER NOT NULL DEFAULT 1,
  main_category_id INTEGER NOT NULL REFERENCES categories(id),
  image_kind TEXT NOT NULL,
  image_hue INTEGER NOT NULL,
  image_count INTEGER NOT NULL DEFAULT 1,
  popularity INTEGER NOT NULL DEFAULT 0,
  -- JSON documents read whole by the storefront.
  labels TEXT NOT NULL DEFAULT '[]',
  product_messages TEXT NOT NULL DEFAULT '[]',
  specifications TEXT NOT NULL DEFAULT '[]',
  configurables TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX products_main_category ON products(main_category_id, popularity DESC);

CREATE TABLE product_categories (
  product_id INTEGER NOT NULL REFERENCES products(entity_id),
  category_id INTEGER NOT NULL REFERENCES categories(id),
  PRIMARY KEY (category_id, product_id)
) WITHOUT ROWID;

CREATE TABLE regions (
  id INTEGER PRIMARY KEY,
  label_ar TEXT NOT NULL,
  label_en TEXT NOT NULL,
  position INTEGER NOT NULL,
  -- Delivery dates per city: the first date is lead_days after today (Asia/Riyadh).
  delivery_lead_days INTEGER NOT NULL,
  delivery_date_count INTEGER NOT NULL DEFAULT 3
);

CREATE TABLE stock (
  product_id INTEGER NOT NULL REFERENCES products(entity_id),
  region_id INTEGER NOT NULL REFERENCES regions(id),
  qty INTEGER NOT NULL CHECK (qty >= 0),
  PRIMARY KEY (product_id, region_id)
) WITHOUT ROWID;

CREATE TABLE product_fees (
  fee_id INTEGER PRIMARY KEY,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL
);

CREATE TABLE product_fee_options (
  fee_option_id INTEGER PRIMARY KEY,
  fee_id INTEGER NOT NULL REFERENCES product_fees(fee_id),
  product_id INTEGER NOT NULL REFERENCES products(entity_id),
  region_id INTEGER NOT NULL REFERENCES regions(id),
  price REAL NOT NULL
);
CREATE INDEX product_fee_options_product ON product_fee_options(product_id);

-- Home content, footer: one JSON document per locale, edited as a whole.
CREATE TABLE content_documents (
  kind TEXT NOT NULL,
  locale TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (kind, locale)
) WITHOUT ROWID;

CREATE TABLE static_pages (
  slug TEXT PRIMARY KEY,
  title_ar TEXT NOT NULL,
  title_en TEXT NOT NULL,
  body_ar TEXT NOT NULL,
  body_en TEXT NOT NULL
);

CREATE TABLE blog_posts (
  slug TEXT PRIMARY KEY,
  title_ar TEXT NOT NULL,
  title_en TEXT NOT NULL,
  excerpt_ar TEXT NOT NULL,
  excerpt_en TEXT NOT NULL,
  body_ar TEXT NOT NULL,
  body_en TEXT NOT NULL,
  published_at TEXT NOT NULL
);
