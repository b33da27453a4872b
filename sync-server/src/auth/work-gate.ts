/** Thrown by `WorkGate.run` when the wait queue is full: the caller answers "busy" at once. */
export class WorkGateFull extends Error {
  constructor() {
    super('work gate full');
    this.name = 'WorkGateFull';
  }
}

/**
 * A semaphore with a bounded wait queue, for CPU-heavy work (password hashing): at most
 * `concurrency` jobs run, at most `maxWaiting` wait their turn in arrival order, and any more are
 * refused at once instead of piling up without end (DESIGN "Abuse": one request causes a
 * bounded amount of work).
 */
export class WorkGate {
  private active = 0;
  private peak = 0;
  private refused = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {
    if (concurrency < 1 || maxWaiting < 0) throw new Error('WorkGate: bad limits');
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        this.refused++;
        throw new WorkGateFull();
      }
      // The finishing job hands its slot over directly (active stays counted), so a newcomer
      // arriving in between cannot overtake the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** Running and waiting now, the most ever running at once, how many were refused. */
  stats(): { active: number; waiting: number; peak: number; refused: number } {
    return { active: this.active, waiting: this.waiting.length, peak: this.peak, refused: this.refused };
  }
}
