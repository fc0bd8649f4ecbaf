import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { invitations } from '../schema/index';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(
  db: DbOrTx,
  values: { inviterId: number; name: string; target: string; message: string; codeHash: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

/** The invitations an account sent, newest first. */
export async function listInvitations(db: DbOrTx, inviterId: number): Promise<InvitationRow[]> {
  return db.select().from(invitations).where(eq(invitations.inviterId, inviterId)).orderBy(desc(invitations.id));
}

export async function findInvitation(db: DbOrTx, inviterId: number, id: number): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.inviterId, inviterId)));
  return row ?? null;
}

/**
 * Claims an invitation by its code hash: one UPDATE that succeeds only for an unclaimed, unexpired
 * code, so two concurrent redeems cannot both win. Null when the code is unknown, used or expired.
 */
export async function claimInvitation(db: DbOrTx, codeHash: string, now = new Date()): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ claimedAt: now })
    .where(and(eq(invitations.codeHash, codeHash), isNull(invitations.claimedAt), gt(invitations.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function setInvitationClaimedBy(db: DbOrTx, id: number, accountId: number): Promise<void> {
  await db.update(invitations).set({ claimedBy: accountId }).where(eq(invitations.id, id));
}

/** Resend: a new code and expiry for an unclaimed invitation (the old code stops working). */
export async function renewInvitationCode(
  db: DbOrTx,
  inviterId: number,
  id: number,
  codeHash: string,
  expiresAt: Date,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ codeHash, expiresAt })
    .where(and(eq(invitations.id, id), eq(invitations.inviterId, inviterId), isNull(invitations.claimedAt)))
    .returning();
  return row ?? null;
}

/** Clears an unclaimed invitation; false when it is missing or already claimed. */
export async function deleteUnclaimedInvitation(db: DbOrTx, inviterId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.inviterId, inviterId), isNull(invitations.claimedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}
