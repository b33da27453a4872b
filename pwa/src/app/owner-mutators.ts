import type { MutatorMap } from '../data/view.ts';
import { orderViewMutators } from '../order-view/mutators.ts';
import { chatMutators } from '../screens/owner-chat/mutators.ts';
import { dashboardMutators } from '../screens/owner-dashboard/mutators.ts';
import { deliveryMutators } from '../screens/owner-delivery/mutators.ts';
import { menuMutators } from '../screens/owner-menu/mutators.ts';
import { profileMutators } from '../screens/owner-profile/mutators.ts';
import { roomMutators } from '../screens/owner-room/mutators.ts';

/**
 * Every owner mutation's local effect, merged from the feature folders (as `calls` is merged
 * from the feature files of shared-schema). Composed here, at the app's root, and handed to the
 * owner's sync client: the data layer knows the shape of a mutator, never a feature. A mutation
 * without a mutator is still queued and sent; it just shows no optimistic effect.
 */
export const ownerMutators: MutatorMap = {
  ...roomMutators,
  ...menuMutators,
  ...dashboardMutators,
  ...orderViewMutators,
  ...deliveryMutators,
  ...profileMutators,
  ...chatMutators,
};
