import { t, tf, VENUE_TIME_ZONE } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { BellIcon } from '../components/icons.tsx';
import { call, errorText } from '../data/api.ts';
import { ApiError } from '../data/errors.ts';
import { uuid } from '../data/uuid.ts';
import type { LiveConnection } from '../live/connection.ts';
import './call-waiter.css';

/**
 * After a call the table waits this long before calling again (shared-schema
 * `WAITER_CALL_COOLDOWN_MS`, which the server enforces; a test holds the two equal). A copy, so
 * the menu's chunk does not load the chat contract and zod with it.
 */
export const CALL_AGAIN_AFTER_MS = 120_000;

/**
 * 'Il cameriere ha visto la chiamata' shows this long after the answer, then the call is done and
 * the line goes (shared-schema `WAITER_ANSWER_SHOWN_MS`, after which the server stops answering
 * the call too; a test holds the two equal). A copy, for the same reason as above.
 */
export const ANSWER_SHOWN_MS = 300_000;

/** The call's state is read this long after the screen opens (and again on every reconnect). */
export const STATE_READ_DELAY_MS = 1_000;

/**
 * The table's latest call as this phone knows it; `readyAt` and `answerGoneAt` are in this
 * phone's clock (the server's times are relative, so a phone whose clock is off counts right).
 */
interface CallView {
  calledAt: string;
  answeredAt: string | null;
  readyAt: number;
  /** When the answered line goes: ANSWER_SHOWN_MS after the answer. */
  answerGoneAt: number | null;
}

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'failed'; message: string };

/**
 * 'HH:MM' in Rome. shared-schema's `romeTime` would be one more chunk on the menu's first load
 * (it sits beside zod's field schemas); a test holds this equal to it. Made on first use, not
 * when the module loads: a browser's first time-zone formatter loads ICU's zone data, 60-90 ms of
 * a slow phone's main thread (4x, measured in a blank page), and this module runs on the menu's
 * first load while most tables never call a waiter.
 */
let romeClockFormat: Intl.DateTimeFormat | null = null;

export function romeClockOf(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  romeClockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return romeClockFormat.format(ms);
}

/** The server's call state, or null when it cannot say (old server, network). */
async function readCall(ownerId: string, tableId: string): Promise<CallView | null | undefined> {
  try {
    const answer = await call('userTableCallGet', { ownerId, tableId });
    const state = answer.call;
    if (!state) return null;
    const now = Date.now();
    return {
      calledAt: state.calledAt,
      answeredAt: state.answeredAt,
      readyAt: now + state.callAgainInMs,
      answerGoneAt: state.answeredAt ? now - (state.answeredAgoMs ?? 0) + ANSWER_SHOWN_MS : null,
    };
  } catch {
    return undefined;
  }
}

/** Seconds left before the button works again, ticking once a second while there are some. */
function useSecondsLeft(readyAt: number | undefined): number {
  const left = () => Math.max(0, Math.ceil(((readyAt ?? 0) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const tick = () => setSeconds(Math.max(0, Math.ceil(((readyAt ?? 0) - Date.now()) / 1000)));
    tick();
    if (!readyAt || readyAt <= Date.now()) return;
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [readyAt]);
  return seconds;
}

/** Whether `at` (this phone's clock) has passed; re-renders when it does. */
function usePassed(at: number | null | undefined): boolean {
  const [passed, setPassed] = useState(() => at != null && at <= Date.now());
  useEffect(() => {
    if (at == null) {
      setPassed(false);
      return;
    }
    const left = at - Date.now();
    setPassed(left <= 0);
    if (left <= 0) return;
    const id = setTimeout(() => setPassed(true), left);
    return () => clearTimeout(id);
  }, [at]);
  return passed;
}

/**
 * 'Chiama il cameriere' (spec 2.6: the table call the dashboard's bell answers). One key per tap,
 * so a retry after a lost answer is the same call. The phone shows that the call was received
 * (and when), that a waiter saw it (a tablet dismissed it: `discardNotification` on the table's
 * socket, when `connection` is given, and the state read again on every reconnect), and the
 * table waits 2 minutes before calling again (a quota per table, DESIGN.md "Abuse").
 */
export function CallWaiter({
  ownerId,
  tableId,
  connection = null,
}: {
  ownerId: string;
  tableId: string;
  connection?: LiveConnection | null;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [view, setView] = useState<CallView | null>(null);
  const seconds = useSecondsLeft(view?.readyAt);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const refresh = useCallback(async () => {
    const state = await readCall(ownerId, tableId);
    if (mounted.current && state !== undefined) setView(state);
  }, [ownerId, tableId]);

  // After the screen's own reads: on the menu, the first frames and the first tap come first.
  useEffect(() => {
    const id = setTimeout(() => void refresh(), STATE_READ_DELAY_MS);
    return () => clearTimeout(id);
  }, [refresh]);

  useEffect(() => {
    if (!connection) return;
    const subs = [
      connection.on('discardNotification').subscribe((data) => {
        if (data.tableId !== tableId) return;
        const answeredAt = data.answeredAt ?? new Date().toISOString();
        setView((v) => (v ? { ...v, answeredAt, answerGoneAt: Date.now() + ANSWER_SHOWN_MS } : v));
      }),
      // Back after a drop: a dismissal may have been missed.
      connection.connected$.subscribe(() => void refresh()),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [connection, tableId, refresh]);

  const press = async () => {
    setPhase({ kind: 'sending' });
    try {
      await call('userTableCall', { ownerId, tableId }, { idempotencyKey: uuid() });
      if (!mounted.current) return;
      setPhase({ kind: 'idle' });
      // Until the server's state arrives: received now, wait the full time.
      setView({
        calledAt: new Date().toISOString(),
        answeredAt: null,
        readyAt: Date.now() + CALL_AGAIN_AFTER_MS,
        answerGoneAt: null,
      });
      void refresh();
    } catch (err) {
      if (!mounted.current) return;
      setPhase({ kind: 'failed', message: errorText(err) });
      // Too soon: another phone at the table called; show that call and its wait.
      if (err instanceof ApiError && err.code === 'RATE_LIMITED') void refresh();
    }
  };

  const waiting = seconds > 0;
  const answered = view?.answeredAt ?? null;
  // The call is done some minutes after a waiter saw it: its lines go (spec 2.6 table call).
  const done = usePassed(view?.answerGoneAt);
  const shown = done ? null : view;
  return (
    <div className="call-waiter">
      <Button
        variant="secondary"
        className="call-waiter-button"
        isDisabled={phase.kind === 'sending' || waiting}
        onPress={() => void press()}
      >
        <BellIcon /> {t.callWaiterButton}
      </Button>
      <div className="call-waiter-text">
        <p role="status" className="call-waiter-status">
          {phase.kind === 'failed' ? (
            <span className="call-waiter-error">{phase.message}</span>
          ) : shown && answered ? (
            <span>{tf.waiterCallAnswered(romeClockOf(answered))}</span>
          ) : shown ? (
            <>
              <span>{tf.waiterCallReceived(romeClockOf(shown.calledAt))}</span>
              {' · '}
              <span>{t.waiterCalled}</span>
            </>
          ) : null}
        </p>
        {/* Outside the live region: a countdown read out every second would drown everything. */}
        {waiting ? <p className="call-waiter-wait">{tf.waiterCallAgainIn(seconds)}</p> : null}
      </div>
    </div>
  );
}
