import { awaitsDecision, DELIVERY_ALERT_REPEAT_MS, type OrderRow, t, tf } from '@comanda/shared-schema';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { ScooterIcon } from '../../components/icons.tsx';
import { useEntities } from '../../data/hooks.ts';
import { beep } from '../../data/sound.ts';
import { useLiveEvent } from '../../live/use-live.ts';

/**
 * Deliveries and pickups awaiting the owner's decision (accettato 0), as the server counts them:
 * a card checkout not paid yet is none (spec 4), so it neither counts nor rings.
 */
export function pendingDeliveryCount(orders: readonly OrderRow[] | undefined): number {
  return (orders ?? []).filter(awaitsDecision).length;
}

/**
 * The floating delivery button (spec 2.6): the count of pending deliveries from the device's
 * copy of the venue (so it is right offline and after a catch-up), a bounce when a new one is
 * announced (`updateCountDelivery`), an alert repeated while the count is above 0, and a way to
 * /owner/delivery unless already there.
 */
export function DeliveryButton() {
  const orders = useEntities('order');
  const count = useMemo(() => pendingDeliveryCount(orders), [orders]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [bouncing, setBouncing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useLiveEvent('updateCountDelivery', ({ count: n }) => {
    if (n === 0) return;
    setBouncing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBouncing(false), 1_200);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The alert repeats while deliveries wait for a decision (spec 2.6).
  useEffect(() => {
    if (count === 0) return;
    beep();
    const id = setInterval(beep, DELIVERY_ALERT_REPEAT_MS);
    return () => clearInterval(id);
  }, [count]);

  return (
    <Button
      variant="secondary"
      className={bouncing ? 'dash-fab-button dash-fab-icon dash-bounce' : 'dash-fab-button dash-fab-icon'}
      aria-label={tf.deliveriesCount(count)}
      onPress={() => {
        if (pathname !== '/owner/delivery') void navigate('/owner/delivery');
      }}
    >
      <ScooterIcon />
      <span className="dash-fab-text">{t.deliveries}</span>
      {count > 0 && (
        // The number is drawn by CSS from data-count: the name (aria-label) says it, and the
        // visible text stays the label's own words (axe label-content-name-mismatch).
        <span className="dash-badge" aria-hidden="true" data-count={tf.count(count)} />
      )}
    </Button>
  );
}
