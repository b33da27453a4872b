import type { PushResult } from '@comanda/shared-schema';
import { codeOf, sleep, type Upstream } from './kill-http.ts';
import { canonical } from './kill-snapshot.ts';
import type { Tablet } from './kill-tablets.ts';

export interface OfflineFigures {
  /** Outbox entries it sent once back online (through the other instance). */
  replayed: number;
  /** Mutations of the push whose answer it lost as it dropped. */
  lostPush: number;
  /** Of those, the ones its home instance judged then (the lost answer says so). */
  lostJudged: number;
  /** Of those, the ones the other instance answered from storage, with the very same answer. */
  lostAnsweredFromStorage: number;
  problems: string[];
}

/**
 * A tablet that loses its network mid-push (spec 7: the outbox keeps its mutations and sends them
 * when the device is back): the push carrying mutation `atMutation` is judged by its home
 * instance, the answer never reaches it; it keeps queueing offline; when told it may return,
 * it sends its whole outbox, from the first entry it knows no judgement of, through another
 * instance (a balancer whose first choice is gone). The entries of the lost push must then come
 * back as the stored answers its home instance gave, not be judged again.
 */
export class OfflineTablet {
  private judgedWhenBack: number | null = null;

  constructor(
    readonly tablet: Tablet,
    atMutation: number,
  ) {
    tablet.dropAfterSending(atMutation);
  }

  /** Waits for the drop, then for `mayReturn`, then brings the tablet back through `way`. */
  async run(mayReturn: Promise<void>, way: () => Upstream, going: () => boolean): Promise<void> {
    while (!this.tablet.isOffline && going()) await sleep(5);
    await mayReturn;
    this.judgedWhenBack = this.tablet.judged;
    this.tablet.goOnline(way());
  }

  /** How many entries waited in its outbox when it came back. */
  get queuedWhenBack(): number {
    return this.tablet.entries.length - (this.judgedWhenBack ?? this.tablet.entries.length);
  }

  /** After the run: what it replayed, and whether the lost push was answered from storage. */
  report(): OfflineFigures {
    const { tablet } = this;
    const problems: string[] = [];
    if (!tablet.lost) problems.push(`tablet ${tablet.index} never dropped offline`);
    if (this.judgedWhenBack === null) problems.push(`tablet ${tablet.index} never came back online`);
    const answer = tablet.lost?.answer;
    const results =
      answer?.kind === 'answer' && answer.status === 200
        ? (answer.body as { results: PushResult[] }).results
        : [];
    // A result at 5xx or a gap stopped the push there: that mutation and the rest were not judged.
    const judged = results.filter((r) => r.status < 500 && codeOf(r.body) !== 'MUTATION_GAP');
    let fromStorage = 0;
    for (const r of judged) {
      const e = tablet.entries.find((x) => x.mutationId === r.mutationId);
      const same = e !== undefined && e.status === r.status && canonical(e.answer) === canonical(r.body);
      if (e && e.fresh === 0 && e.replays > 0 && same) fromStorage++;
      else
        problems.push(
          `tablet ${tablet.index} mutation ${r.mutationId}: judged ${r.status} before the drop, then ` +
            `${e?.fresh} times fresh, answered ${e?.status} ${canonical(e?.answer).slice(0, 200)}`,
        );
    }
    return {
      replayed: this.queuedWhenBack,
      lostPush: tablet.lost?.mutationIds.length ?? 0,
      lostJudged: judged.length,
      lostAnsweredFromStorage: fromStorage,
      problems,
    };
  }
}
