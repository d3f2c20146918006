/**
 * Everything a benchmark starts registers how to undo it here; `runCleanup` undoes it all, newest first,
 * on a normal end, an error, Ctrl-C, or when the run overstays its deadline.
 */
const undoers = [];

export function onCleanup(undo) {
  undoers.push(undo);
}

/** A point to clean up back to: `runCleanup(mark)` undoes only what was registered after it. */
export function cleanupMark() {
  return undoers.length;
}

export async function runCleanup(mark = 0) {
  while (undoers.length > mark) {
    const undo = undoers.pop();
    try {
      await undo();
    } catch (error) {
      console.error('cleanup step failed:', error);
    }
  }
}

/** Runs `main` so that it always cleans up and never runs longer than `deadlineMs`. */
export async function runBounded(main, { deadlineMs }) {
  let exitCode = 0;
  const abort = async (reason) => {
    console.error(`\n${reason}: stopping and cleaning up`);
    await runCleanup();
    process.exit(1);
  };
  const deadline = setTimeout(
    () => abort(`run exceeded its ${Math.round(deadlineMs / 1000)} s deadline`),
    deadlineMs,
  );
  deadline.unref();
  process.once('SIGINT', () => abort('interrupted'));
  process.once('SIGTERM', () => abort('terminated'));
  try {
    exitCode = (await main()) ?? 0;
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    clearTimeout(deadline);
    await runCleanup();
  }
  process.exit(exitCode);
}
