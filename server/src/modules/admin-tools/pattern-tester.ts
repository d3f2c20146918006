import {
  DEFAULT_CODE_PATTERN,
  extractCode,
  generalExtract,
  matchCode,
  smsMatchesApplication,
  type ToolPatternTestInput,
  type ToolPatternTestResult,
} from '@jiema/shared';

/**
 * Runs an application's patterns on a sample SMS exactly as the inbound path does (attribution by
 * sender or keyword, then `extractSmsCode`: the code pattern, then the general extractor), so what
 * the tester shows is what a rental of that application would receive. Patterns run in re2js
 * (linear time) and were validated by the shared schema.
 */
export function testPatterns(input: ToolPatternTestInput): ToolPatternTestResult {
  const { codePattern, text, sender } = input;
  const ownPattern = codePattern && codePattern !== DEFAULT_CODE_PATTERN ? codePattern : '';
  const patternCode = ownPattern ? matchCode(ownPattern, text) : null;
  const generalCode = generalExtract(text);
  const code = extractCode(codePattern, text);
  const source = code === null ? null : patternCode !== null && code === patternCode ? 'pattern' : 'general';
  return {
    attributed: smsMatchesApplication(input, { sender, text }),
    patternCode,
    generalCode,
    code,
    source,
  };
}
