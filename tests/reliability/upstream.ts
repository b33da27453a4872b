import type { Exchange, Upstream } from './kill-http.ts';

/**
 * A client's way to the instances of a hosted deployment (DESIGN.md "Where it runs", Hosted:
 * several stateless instances behind a load balancer), as nginx's `proxy_next_upstream` does it:
 * every request goes to the client's home instance first; a try that got no answer (refused,
 * reset, timed out) or a 503 moves the next try of the same request to the next instance, and a
 * request answered sends the next one home again. So a restarted instance gets its clients back
 * as soon as it answers, and one that is down costs its clients one refused connection a request.
 */
export class FailoverUpstream implements Upstream {
  private current: number;
  /** Tries moved to another instance (a failover). */
  failovers = 0;

  constructor(
    private readonly bases: readonly string[],
    readonly home: number,
  ) {
    if (bases.length === 0) throw new Error('no instance to send to');
    this.current = home % bases.length;
  }

  base(): string {
    return this.bases[this.current] ?? '';
  }

  saw(ex: Exchange): void {
    if (ex.kind === 'none' || ex.status === 503) {
      this.current = (this.current + 1) % this.bases.length;
      this.failovers++;
    } else this.current = this.home % this.bases.length;
  }
}
