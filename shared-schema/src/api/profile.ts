import { z } from 'zod';
import { Cents, defineCall, emptyBody, ok } from '../contract.ts';
import { BusinessRow } from '../entities.ts';
import { Flag, HHMM, UserVersion } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Owner profile and venue settings (/owner/profile, /owner/delivery): spec 3 "Owner profile"
 * (name, costoConsegna, openingTime, closingTime) and "Owner business" (openConsegna,
 * closeConsegna, abilitaConsegna), plus the closed status and the print bridge address.
 */
export const ProfileSetBody = z
  .object({
    name: z.string().trim().min(1, t.requiredField).max(100),
    costoConsegna: Cents,
    openingTime: HHMM,
    closingTime: HHMM,
    openConsegna: HHMM,
    closeConsegna: HHMM,
    abilitaConsegna: Flag,
    is_closed: Flag,
    messaggioChiusura: z.string().trim().max(500).nullable(),
    /** Print bridge host or IP on the venue's network. */
    ownerIp: z
      .string()
      .trim()
      .max(255)
      .regex(/^[A-Za-z0-9.:[\]-]*$/, t.invalidHost)
      .nullable(),
  })
  .partial();

export const profileCalls = {
  ownerProfileGet: defineCall({
    method: 'POST',
    path: '/api/owner/profile/get',
    access: 'owner',
    body: emptyBody,
    response: ok({ profile: BusinessRow }),
  }),
  /** Only the fields given change; answers the venue as now stored. */
  ownerProfileSet: defineCall({
    method: 'POST',
    path: '/api/owner/profile/set',
    access: 'owner',
    mutation: true,
    body: ProfileSetBody,
    response: ok({ profile: BusinessRow }),
  }),
  /**
   * Added (spec 2.4, 6: the user version decides the room screen's extra panels; the spec shows no
   * way to set it): the owner picks the version of their own account, through the outbox. The
   * venue's 'business' row carries it (`userVersion`), so every tablet follows.
   */
  ownerVersionSet: defineCall({
    method: 'POST',
    path: '/api/owner/dataUser/version/set',
    access: 'owner',
    mutation: true,
    body: emptyBody.extend({ version: UserVersion }),
    response: ok({ version: UserVersion }),
  }),
} as const;
