import { useEffect, useState } from 'react';
import { call } from '../../data/api.ts';

export type UserVersion = 1 | 2 | 3;

const cacheKey = (ownerId: string) => `comanda-user-version:${ownerId}`;

function cached(ownerId: string): UserVersion | null {
  try {
    const v = Number(globalThis.localStorage?.getItem(cacheKey(ownerId)));
    return v === 1 || v === 2 || v === 3 ? v : null;
  } catch {
    return null;
  }
}

/**
 * The account's version (spec 3, 6: it decides which extra owner panels appear), from
 * `/api/user/dataUser/get`. The last answer is remembered so the panels stay put offline; before
 * any answer, the session's own version (if it has one) stands in.
 */
export function useUserVersion(ownerId: string, fallback: UserVersion | null = null): UserVersion | null {
  const [version, setVersion] = useState<UserVersion | null>(() => cached(ownerId) ?? fallback);
  useEffect(() => {
    const controller = new AbortController();
    setVersion(cached(ownerId) ?? fallback);
    call('userDataUserGet', { ownerId }, { signal: controller.signal })
      .then((answer) => {
        setVersion(answer.version);
        try {
          globalThis.localStorage?.setItem(cacheKey(ownerId), String(answer.version));
        } catch {
          // Not remembered: the next visit asks again.
        }
      })
      .catch(() => {
        // Offline or refused: keep the remembered version (or no panel); nothing to tell the owner.
      });
    return () => controller.abort();
  }, [ownerId, fallback]);
  return version;
}

export function showsPanelOne(version: UserVersion | null): boolean {
  return version === 1 || version === 3;
}

export function showsPanelTwo(version: UserVersion | null): boolean {
  return version === 2 || version === 3;
}
