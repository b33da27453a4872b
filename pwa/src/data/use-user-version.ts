import type { UserVersion } from '@comanda/shared-schema';
import { useEffect, useState } from 'react';
import { call } from './api.ts';
import { safeLocalStorage } from './safe-storage.ts';

export type { UserVersion };

const cacheKey = (ownerId: string) => `comanda-user-version:${ownerId}`;

function cached(ownerId: string): UserVersion | null {
  const v = Number(safeLocalStorage()?.getItem(cacheKey(ownerId)));
  return v === 1 || v === 2 || v === 3 ? v : null;
}

function remember(ownerId: string, version: UserVersion): void {
  try {
    safeLocalStorage()?.setItem(cacheKey(ownerId), String(version));
  } catch {
    // Not remembered: the next visit asks again.
  }
}

/**
 * The owner account's version (spec 3 "User", 6: it decides the room screen's extra panels).
 * The venue's row carries it (`userVersion`, with a change queued in Profilo applied on top);
 * a device whose row predates that field asks `/api/user/dataUser/get` once and remembers the
 * answer, so the panels stay put offline. Before any answer, the session's version stands in.
 */
export function useUserVersion(
  ownerId: string,
  fromRow: UserVersion | undefined,
  fallback: UserVersion | null = null,
): UserVersion | null {
  const [fetched, setFetched] = useState<UserVersion | null>(() => cached(ownerId) ?? fallback);
  useEffect(() => {
    if (fromRow !== undefined) {
      remember(ownerId, fromRow);
      return undefined;
    }
    const controller = new AbortController();
    setFetched(cached(ownerId) ?? fallback);
    call('userDataUserGet', { ownerId }, { signal: controller.signal })
      .then((answer) => {
        setFetched(answer.version);
        remember(ownerId, answer.version);
      })
      .catch(() => {
        // Offline or refused: keep the remembered version (or no panel); nothing to tell the owner.
      });
    return () => controller.abort();
  }, [ownerId, fromRow, fallback]);
  return fromRow ?? fetched;
}

/** Spec 2.4: version 1 or 3 shows one panel (the room at a glance). */
export function showsPanelOne(version: UserVersion | null): boolean {
  return version === 1 || version === 3;
}

/** Spec 2.4: version 2 or 3 shows the other (the evening's deliveries and pickups). */
export function showsPanelTwo(version: UserVersion | null): boolean {
  return version === 2 || version === 3;
}
