import { useEffect } from 'react';
import OwnerLayout from '../layouts/owner/owner-layout.tsx';
import { announceOwnerDevice } from './owner-device.ts';
import { ownerMutators } from './owner-mutators.ts';

/**
 * The owner routes' frame, given every feature's mutators (the owner area's lazy chunk). Opening
 * it makes the device an owner's for the service worker: the owner screens are cached for a
 * reload without a network.
 */
export default function OwnerFrame() {
  useEffect(announceOwnerDevice, []);
  return <OwnerLayout mutators={ownerMutators} />;
}
