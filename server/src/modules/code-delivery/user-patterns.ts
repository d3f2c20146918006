import {
  compileRe2,
  type Locale,
  matchedPart,
  PATTERN_PROGRAM_LIMIT,
  PatternTooComplexError,
} from '@jiema/shared';
import type { RE2JS } from 're2js';
import { AppError } from '../../lib/app-error';

/** Chinese for the RE2 parser's error kinds (its own messages are English). */
const REASONS_ZH: Record<string, string> = {
  'missing closing )': '缺少右括号 )',
  'unexpected )': '多余的右括号 )',
  'missing closing ]': '缺少右方括号 ]',
  'invalid escape sequence': '无效的转义序列（不支持反向引用）',
  'invalid nested repetition operator': '重复运算符不能嵌套',
  'missing argument to repetition operator': '重复运算符前缺少内容',
  'invalid repeat count': '无效的重复次数',
  'invalid character class range': '无效的字符范围',
  'invalid or unsupported Perl syntax': '不支持的语法（如环视断言）',
  'invalid named capture': '无效的命名分组',
  'trailing backslash at end of expression': '表达式末尾多了反斜杠',
};

/**
 * A user's extraction pattern, compiled by RE2 (linear time whatever the text) to a program of at
 * most `PATTERN_PROGRAM_LIMIT` instructions, so that a pattern typed by a customer and run on SMS
 * from outside can never stall the server (shared pattern-cost.ts). Case-insensitive. Throws
 * `CODE_PATTERN_INVALID` with the reason in the caller's language.
 */
export function compileUserPattern(pattern: string, locale: Locale): RE2JS {
  let compiled: RE2JS;
  try {
    compiled = compileRe2(pattern);
  } catch (error) {
    if (error instanceof PatternTooComplexError) {
      const reason =
        locale === 'zh-CN'
          ? `过于复杂：编译后约 ${error.size} 步，最多 ${PATTERN_PROGRAM_LIMIT} 步（计数重复如重复 1000 次会成倍放大），请减小重复次数`
          : `too complex: it compiles to about ${error.size} steps, at most ${PATTERN_PROGRAM_LIMIT} are allowed (counted repeats such as 1000 times multiply it); use smaller counts`;
      throw new AppError('CODE_PATTERN_INVALID', { reason });
    }
    const kind = (error as { error?: string }).error ?? '';
    const input = (error as { input?: string }).input?.replace(/^\(\?i\)/, '');
    const english = `${kind || 'syntax error'}${input ? `: ${input}` : ''}`;
    const reason =
      locale === 'zh-CN' ? `${REASONS_ZH[kind] ?? '语法错误'}${input ? `：${input}` : ''}` : english;
    throw new AppError('CODE_PATTERN_INVALID', { reason });
  }
  if (compiled.matcher('').find()) {
    throw new AppError('CODE_PATTERN_INVALID', {
      reason:
        locale === 'zh-CN'
          ? '它能匹配空文本，提取不到验证码'
          : 'it matches an empty text, so it extracts no code',
    });
  }
  return compiled;
}

/** The code a pattern finds in a text: its first group, else the whole match; null when none. */
export function extractWith(pattern: RE2JS, text: string): string | null {
  const matcher = pattern.matcher(matchedPart(pattern, text));
  if (!matcher.find()) return null;
  const code = matcher.groupCount() > 0 ? matcher.group(1) : matcher.group();
  return code === null || code === '' ? null : code;
}
