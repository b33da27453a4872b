import { z } from 'zod';
import { Cents, defineCall, emptyBody, ok } from '../contract.ts';
import { BusinessRow } from '../entities.ts';
import { Flag, HHMM } from '../fields.ts';
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
} as const;
