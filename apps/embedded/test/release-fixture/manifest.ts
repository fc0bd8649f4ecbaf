/** What a database written by an earlier release holds, as its fixture's generator recorded it. */
export interface FixtureManifest {
  /** The fixture's name: the release that wrote it. */
  release: string;
  /** MASTER_KEY it ran with; null where it generated its own into DATA_DIR (the embedded default). */
  masterKey: string | null;
  mailDomain: string;
  accounts: Array<{ handle: string; password: string; email: string }>;
  /** An alias note, sealed by that release. */
  note: { aliasId: number; value: string };
  /** Mail that release received and ingested. */
  messages: Array<{
    aliasId: number;
    subject: string;
    text: string;
    rawSha256: string;
    attachment?: { filename: string; sha256: string };
  }>;
  /** Mail its mx accepted (250) that no worker had ingested yet. */
  pending: { aliasId: number; subject: string; text: string; rawSha256: string };
  /** Outbound mail still queued in its outbox (the relay was down). */
  outbox: Array<{ kind: string; to: string; contains: string }>;
}
