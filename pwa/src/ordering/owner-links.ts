/** What an owner's ordering screen reads from the owner layout at send time. */
export interface OwnerLinks {
  /** The live socket id: the owner's own devices are told through the change log, not echoed. */
  socketId: string | undefined;
  /** Pull the change log now: the owner's own order is not echoed to this device's socket. */
  catchUp: () => void;
}

export function ownerLinks(): { current: OwnerLinks } {
  return { current: { socketId: undefined, catchUp: () => {} } };
}
