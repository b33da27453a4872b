import { AppError, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../../lib/ids.ts';
import { dropUnusedTokens, findUserByEmail, insertAccount, updateAccount } from '../../store/accounts.ts';
import type { VerifiedIdentity } from './identity.ts';

/**
 * The customer account of a provider-verified e-mail: the existing one (linked), or a new one.
 * One IMMEDIATE transaction, so two first sign-ins at once cannot both create it.
 *
 * Linking an account whose mailbox was never proven (customers sign up without confirming)
 * activates it without a password, voids its pending signup links and signs out its sessions:
 * whoever signed up may not own the address (account pre-hijacking), and the provider's
 * verified e-mail proves the mailbox. The owner of the mailbox can set a password through
 * 'Password dimenticata?'. Owner accounts are not reachable this way: they sign in with their
 * password.
 */
export function customerForIdentity(app: FastifyInstance, identity: VerifiedIdentity): Promise<string> {
  return app.store.port.writeAccount(async (db) => {
    const existing = await findUserByEmail(db, identity.email);
    if (existing) {
      if (existing.role !== 'user') throw new AppError('FORBIDDEN', t.socialOwnerAccount);
      if (!existing.emailConfirmed) {
        await updateAccount(db, existing.id, { emailConfirmed: true, passwordHash: null });
        await dropUnusedTokens(db, existing.id, 'confirm');
        await app.sessions.revokeAllForUser(db, existing.id);
      }
      return existing.id;
    }
    const id = randomId();
    await insertAccount(db, {
      id,
      email: identity.email,
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
      role: 'user',
      emailConfirmed: true,
      createdAt: app.clock.nowMs(),
    });
    return id;
  });
}
