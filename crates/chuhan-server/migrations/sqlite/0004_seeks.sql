-- Several instances over one database: the open seeks of every instance (an instance keeps its
-- own in memory and tells the others; this table is what a starting instance reads, and what is
-- left of an instance that died until another clears it).
CREATE TABLE seeks (
    id BIGINT PRIMARY KEY,
    instance TEXT NOT NULL,
    view TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
