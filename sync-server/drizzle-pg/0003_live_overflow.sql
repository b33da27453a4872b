-- Live messages too big for a NOTIFY payload (src/live/pg-bus.ts): the notification carries the
-- row's id and every instance reads the message here; rows older than a minute are deleted.
CREATE TABLE live_overflow (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payload jsonb NOT NULL,
  created_at bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX live_overflow_created ON live_overflow (created_at);
