/**
 * A mail as the server writes it: what the outbox (outbox.ts) stores and the sender (mailer.ts)
 * sends, on a file below both so neither imports the other for it.
 */
export interface Mail {
  to: string;
  subject: string;
  /** Plain text; links stand on their own line. */
  text: string;
  /** What kind of mail (confirm, restore, delivery...): logs and per-mailbox caps. */
  kind?: string;
}
