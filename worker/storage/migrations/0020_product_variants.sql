-- A configurable product's variants are products of their own (docs/decisions/0020-variants-are-products.md): each
-- child row names its parent and the option values it stands for (JSON, attribute code -> value_index), and has its own
-- SKU, name, price, pictures, specifications and stock. A parent's variant_values is the choice its page opens on.
-- Children belong to no category, so listings never show them; search, the sitemap and related products skip them.
ALTER TABLE products ADD COLUMN parent_id INTEGER REFERENCES products(entity_id);
ALTER TABLE products ADD COLUMN variant_values TEXT;
CREATE INDEX products_parent ON products(parent_id) WHERE parent_id IS NOT NULL;
