import {
  AUTOSAVE_DELETE_RESTORE_MS,
  AUTOSAVE_QUANTITY_PRICE_MS,
  type Body,
  type Calls,
  type ModifiedLine,
} from '@comanda/shared-schema';

export type ModifyBody = Body<Calls['dashboardTableModify']>;

/** What the autosave needs of the sync client (`useSyncClient()` gives both). */
export interface ModifyQueue {
  mutate(name: 'dashboardTableModify', body: ModifyBody): Promise<number>;
  rewritePending(mutationId: number, body: unknown): Promise<boolean>;
}

/** 'value': a quantity or price change (3 s); 'delete': delete or restore (1 s). Spec 4, 9. */
export type EditKind = 'value' | 'delete';

export const AUTOSAVE_DELAY: Record<EditKind, number> = {
  value: AUTOSAVE_QUANTITY_PRICE_MS,
  delete: AUTOSAVE_DELETE_RESTORE_MS,
};

/** How long a saved edit stays on top of what is read back (the re-read takes a few ms). */
const ECHO_MS = 1500;

function mergeLines(into: Map<string, ModifiedLine>, edits: Iterable<ModifiedLine>): void {
  for (const edit of edits) into.set(edit.id, { ...into.get(edit.id), ...edit });
}

/**
 * The order view's autosave (spec 4: quantity and price about 3 s after the last change, delete
 * and restore about 1 s after). Edits gather here, then go out as ONE `dashboardTableModify`
 * naming only the changed lines. While that outbox entry is still unsent, later saves rewrite it
 * (DESIGN.md) instead of queueing another; once the replayer has tried it, a new one is queued.
 */
export class OrderAutosave {
  private readonly edits = new Map<string, ModifiedLine>();
  private readonly inFlight = new Map<string, ModifiedLine>();
  /**
   * What the last save wrote, still shown for a moment: the outbox is read back asynchronously,
   * and without this the old value would flash between the write and the re-read.
   */
  private echo: { lines: Map<string, ModifiedLine>; sconto: number | undefined } | null = null;
  private echoTimer: ReturnType<typeof setTimeout> | undefined;
  private sconto: number | undefined;
  private inFlightSconto: number | undefined;
  private entry: { id: number; body: ModifyBody } | null = null;
  private readonly timers: Partial<Record<EditKind, ReturnType<typeof setTimeout>>> = {};
  private chain: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    private readonly tableId: string,
    private readonly queue: ModifyQueue,
    private readonly onError: (err: unknown) => void = (err) => console.error('order autosave', err),
  ) {}

  /** Record a line edit and (re)start its timer: the save runs that long after the last change. */
  edit(edit: ModifiedLine, kind: EditKind): void {
    mergeLines(this.edits, [edit]);
    this.arm(kind);
    this.changed();
  }

  /** The discount (cents) goes out with the next save, on the quantity/price delay. */
  setDiscount(cents: number): void {
    this.sconto = cents;
    this.arm('value');
    this.changed();
  }

  /** Edits not yet in the outbox, for the screen to show on top of what it reads. */
  unsaved(): { lines: ReadonlyMap<string, ModifiedLine>; sconto: number | undefined } {
    const lines = new Map(this.echo?.lines);
    mergeLines(lines, this.inFlight.values());
    mergeLines(lines, this.edits.values());
    return { lines, sconto: this.sconto ?? this.inFlightSconto ?? this.echo?.sconto };
  }

  /** Bumped on every change of `unsaved()` (for useSyncExternalStore). */
  get snapshot(): number {
    return this.version;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  hasUnsaved(): boolean {
    return this.edits.size > 0 || this.sconto !== undefined || this.inFlight.size > 0;
  }

  /** Save now ('Termina', closing the dialog): clears the timers, resolves once queued. */
  flush(): Promise<void> {
    for (const kind of Object.keys(this.timers) as EditKind[]) {
      clearTimeout(this.timers[kind]);
      delete this.timers[kind];
    }
    this.chain = this.chain.then(() => this.write()).catch(this.onError);
    return this.chain;
  }

  /** Stop the timers, saving what is left (the dialog unmounts). */
  dispose(): Promise<void> {
    clearTimeout(this.echoTimer);
    this.echo = null;
    return this.flush();
  }

  private arm(kind: EditKind): void {
    clearTimeout(this.timers[kind]);
    this.timers[kind] = setTimeout(() => {
      delete this.timers[kind];
      void this.flush();
    }, AUTOSAVE_DELAY[kind]);
  }

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  private showEcho(): void {
    const lines = new Map(this.echo?.lines);
    mergeLines(lines, this.inFlight.values());
    this.echo = { lines, sconto: this.inFlightSconto ?? this.echo?.sconto };
    clearTimeout(this.echoTimer);
    this.echoTimer = setTimeout(() => {
      this.echo = null;
      this.changed();
    }, ECHO_MS);
  }

  private async write(): Promise<void> {
    if (this.edits.size === 0 && this.sconto === undefined) return;
    mergeLines(this.inFlight, this.edits.values());
    this.edits.clear();
    this.inFlightSconto = this.sconto;
    this.sconto = undefined;
    try {
      if (this.entry) {
        const lines = new Map(this.entry.body.reservations.map((l) => [l.id, l]));
        mergeLines(lines, this.inFlight.values());
        const sconto = this.inFlightSconto ?? this.entry.body.sconto;
        const body: ModifyBody = {
          ...this.entry.body,
          reservations: [...lines.values()],
          ...(sconto !== undefined ? { sconto } : {}),
        };
        if (await this.queue.rewritePending(this.entry.id, body)) {
          this.entry = { id: this.entry.id, body };
          this.showEcho();
          return;
        }
      }
      const body: ModifyBody = {
        tableId: this.tableId,
        reservations: [...this.inFlight.values()],
        ...(this.inFlightSconto !== undefined ? { sconto: this.inFlightSconto } : {}),
      };
      const id = await this.queue.mutate('dashboardTableModify', body);
      this.entry = { id, body };
      this.showEcho();
    } finally {
      this.inFlight.clear();
      this.inFlightSconto = undefined;
      this.changed();
    }
  }
}
