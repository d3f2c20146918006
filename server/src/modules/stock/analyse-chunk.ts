import { nextTurn } from '../../lib/next-turn';
import type { StagedLine } from './phone-imports.repository';
import type { createLineAnalyser, SourceLine } from './phone-lines';
import { RAW_MAX } from './phone-lines';

/** Lines analysed between two turns of the event loop (a few milliseconds of work). */
const ANALYSE_SLICE = 500;

/**
 * Analyses lines [start, end): each becomes a staged line; a valid number seen before in the file
 * is a duplicate of the line `firstLineOf` keeps for it. Yields every few hundred lines, so the
 * previous chunk's staging transaction and the page's polls go on meanwhile.
 */
export async function analyseChunk(
  lines: SourceLine[],
  start: number,
  end: number,
  analyser: ReturnType<typeof createLineAnalyser>,
  firstLineOf: Map<string, number>,
): Promise<StagedLine[]> {
  const staged: StagedLine[] = [];
  for (let i = start; i < end; i++) {
    if ((i - start) % ANALYSE_SLICE === ANALYSE_SLICE - 1) await nextTurn();
    const line = lines[i]!;
    const raw = line.text.slice(0, RAW_MAX);
    const result = analyser(line.text);
    // Object literals written out whole: spreading a shared base into each of 100,000 lines
    // cost as much as the libphonenumber analysis itself (V8 clones spread objects slowly).
    if (!result.valid) {
      staged.push({
        lineNo: line.lineNo,
        raw,
        number: result.number,
        prefix: null,
        operatorId: null,
        status: 'invalid',
        reason: result.reason,
        detail: result.detail,
      });
      continue;
    }
    const first = firstLineOf.get(result.number);
    if (first === undefined) firstLineOf.set(result.number, line.lineNo);
    staged.push({
      lineNo: line.lineNo,
      raw,
      number: result.number,
      prefix: result.prefix,
      operatorId: result.operatorId,
      status: first === undefined ? 'valid' : 'duplicateInFile',
      reason: null,
      detail: first === undefined ? null : String(first),
    });
  }
  return staged;
}
