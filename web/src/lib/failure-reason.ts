/**
 * The reason of a failed call, in the user's language: the HTTP layer's message (server message,
 * timeout, network) for a request made with `meta: { silent: true }` whose caller names the action
 * that failed (spec §8: "reply failed", "rating failed", "complete/cancel order error").
 */
export const failureReason = (error: unknown): string => (error instanceof Error ? error.message : '');
