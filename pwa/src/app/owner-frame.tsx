import OwnerLayout from '../layouts/owner/owner-layout.tsx';
import { ownerMutators } from './owner-mutators.ts';

/** The owner routes' frame, given every feature's mutators (the owner area's lazy chunk). */
export default function OwnerFrame() {
  return <OwnerLayout mutators={ownerMutators} />;
}
