// CPU time of a PostgreSQL server's processes (the postmaster and its backends), read from
// /proc: on a machine whose cores the benches' servers share with PostgreSQL, how much of the
// work is the database's. Linux only; elsewhere (or when /proc is unreadable) NaN.

import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Parent pid and CPU ticks (user + system) of a process, or null when it is gone. */
function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces) in parentheses: state, ppid, ... utime (14th), stime (15th).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The postmaster's pid: the parent of the backend that answers this connection. */
async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
    return stat(backend)?.ppid ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

/**
 * A reader of the server's CPU time so far, in ms. Backends that have exited are no longer
 * counted: read it around a window in which the instances keep their pooled connections.
 */
export async function postgresCpuReader(url: string): Promise<() => number> {
  const postmaster = await postmasterOf(url).catch(() => 0);
  if (postmaster <= 1) return () => Number.NaN;
  return () => {
    let ticks = stat(postmaster)?.ticks ?? Number.NaN;
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const backend = stat(pid);
      if (backend?.ppid === postmaster) ticks += backend.ticks;
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  };
}
