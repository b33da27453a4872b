import { useEffect, useState } from 'react';
import { serverNow, syncServerClock } from './server-clock.ts';

/**
 * The server's current time, ticking every `ms`: what tickets age by. On the server's clock, so a
 * tablet or a kitchen screen set minutes off still shows true ages.
 */
export function useNow(ms = 15_000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    void syncServerClock().then(() => setNow(serverNow()));
    const id = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
