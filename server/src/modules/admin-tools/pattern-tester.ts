import {
  DEFAULT_CODE_PATTERN,
  explainExtract,
  extractCodeWithRule,
  matchCode,
  smsMatchesApplication,
  type ToolPatternTestInput,
  type ToolPatternTestResult,
} from '@jiema/shared';

/**
 * Runs an application's patterns on a sample SMS exactly as the inbound path does (attribution by
 * sender or keyword, then `extractSmsCode`: the code pattern, the user's own pattern, then the
 * general extractor), so what the tester shows is what a rental of that application would receive,
 * with the rule that gave the code and why the general extractor set the other numbers aside.
 * Patterns run in re2js (linear time) and were validated by the shared schema.
 */
export function testPatterns(input: ToolPatternTestInput): ToolPatternTestResult {
  const { codePattern, text, sender, userPattern } = input;
  const ownPattern = codePattern && codePattern !== DEFAULT_CODE_PATTERN ? codePattern : '';
  const patternCode = ownPattern ? matchCode(ownPattern, text) : null;
  const general = explainExtract(text);
  const { code, rule } = extractCodeWithRule(codePattern, text, userPattern);
  return {
    attributed: smsMatchesApplication(input, { sender, text }),
    patternCode,
    generalCode: general.code,
    code,
    source: rule === null ? null : rule === 'general' ? 'general' : 'pattern',
    rule,
    rejected: oncePerReason(general.rejected),
  };
}

/** Each text once per reason ("1234" twice in a message is one line of the tester). */
function oncePerReason<T extends { text: string; reason: string }>(rejected: T[]): T[] {
  const seen = new Set<string>();
  return rejected.filter((r) => {
    const key = `${r.reason}:${r.text}`;
    return seen.has(key) ? false : Boolean(seen.add(key));
  });
}
