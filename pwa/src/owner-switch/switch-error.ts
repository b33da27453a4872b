/**
 * Why the owner's switch into the customer flow, or the way back, cannot go on (spec 1). The
 * other failures are the data layer's (`NetworkError`, `ApiError`). Screens show `message`.
 * - 'pending': owner changes still wait in the outbox; sent with the guest's cookie they would be
 *   refused, so the switch waits until they are out.
 * - 'ended': the owner session the guest would return to is gone (logout elsewhere, expiry).
 */
export type SwitchFailure = 'pending' | 'ended';

export class SwitchError extends Error {
  override readonly name = 'SwitchError';
  constructor(
    readonly kind: SwitchFailure,
    message: string,
  ) {
    super(message);
  }
}
