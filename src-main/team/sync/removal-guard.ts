// Whether a complete full sweep may mark the customers it did not see as deleted. A sweep that missed many
// of the team's customers is more likely a service that answered a short or empty list by mistake than a
// bank that closed them all at once: then it removes none, and says why (the next complete sweep asks again).

/** The most a sweep may remove without question: this share of the customers the team's copy holds… */
export const REMOVAL_SHARE = 0.1;
/** …or this many, whichever is more (a small list may lose a few at once). */
export const REMOVAL_FLOOR = 10;

export type RemovalVerdict = { remove: true; count: number } | { remove: false; count: number; reason: string };

/** `present`: customers the copy holds (not deleted) before the sweep's end; `unseen`: those the sweep did not see. */
export function removalVerdict(present: number, unseen: number): RemovalVerdict {
  if (unseen <= Math.max(REMOVAL_FLOOR, Math.floor(present * REMOVAL_SHARE))) return { remove: true, count: unseen };
  return {
    remove: false,
    count: unseen,
    reason:
      `The full sweep did not see ${unseen} of the team's ${present} customers, more than ` +
      `${Math.round(REMOVAL_SHARE * 100)}% at once: none is removed (the service may have answered a short list); ` +
      'the next complete sweep looks again.',
  };
}
