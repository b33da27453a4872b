import type { Body, CallName, Calls } from '@comanda/shared-schema';
import { orderViewMutators } from '../order-view/mutators.ts';
import { chatMutators } from '../screens/owner-chat/mutators.ts';
import { dashboardMutators } from '../screens/owner-dashboard/mutators.ts';
import { deliveryMutators } from '../screens/owner-delivery/mutators.ts';
import { menuMutators } from '../screens/owner-menu/mutators.ts';
import { profileMutators } from '../screens/owner-profile/mutators.ts';
import { roomMutators } from '../screens/owner-room/mutators.ts';
import type { Mutator, MutatorMap } from './view.ts';

/** The local effect of each owner mutation, keyed by its call name in shared-schema `calls`. */
export type MutatorsFor = { [N in CallName]?: Mutator<Body<Calls[N]>> };

/** Typed helper for a feature's mutators: `export const roomMutators = defineMutators({...})`. */
export function defineMutators<M extends MutatorsFor>(m: M): M {
  return m;
}

/**
 * Every registered mutator, merged from the feature folders (as `calls` is merged from the
 * feature files of shared-schema). A feature spreads its map in here, e.g. `...roomMutators`.
 * A mutation without a mutator is still queued and sent; it just shows no optimistic effect.
 */
export const mutators: MutatorMap = {
  ...roomMutators,
  ...menuMutators,
  ...dashboardMutators,
  ...orderViewMutators,
  ...deliveryMutators,
  ...profileMutators,
  ...chatMutators,
};
