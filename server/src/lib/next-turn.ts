/**
 * Resolves after the event loop has handled the I/O waiting meanwhile (setImmediate). A long loop over
 * outside input awaits it now and then, so one large request cannot hold every other request of the
 * process behind it.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
