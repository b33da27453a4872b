-- The quotas every instance shares (src/store/pg-quotas.ts): per key, the sliding window's two
-- fixed-window counts (src/lib/quota.ts). Rows whose both windows have passed count nothing and
-- are deleted as new ones come.
CREATE TABLE quota_windows (
  key text PRIMARY KEY,
  window_ms bigint NOT NULL,
  start bigint NOT NULL,
  current double precision NOT NULL,
  previous double precision NOT NULL,
  expires_at bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX quota_windows_expires ON quota_windows (expires_at);
