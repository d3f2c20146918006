/**
 * The general code extractor: the last step after the application's and the user's own patterns.
 * It reads a verification SMS the way a person does: numbers that are clearly something else
 * (links, dates, times, amounts, phone numbers, order or card numbers) are masked first; of the
 * numbers left, the one nearest a code word ("code", "验证码", "код", "código", "kode", OTP...) wins.
 * Grouped codes ("123-456", "123 456", "G-123456") come out as the digits a person types.
 * All expressions here are ours and fixed (no user input), linear in the text; the corpus in
 * code-corpus.json (with its test) is the specification.
 */

const MASK = '\uE000';
const mask = (text: string, re: RegExp, group?: number) =>
  text.replace(re, (...args) => {
    const whole = args[0] as string;
    if (group === undefined) return MASK.repeat(whole.length);
    const part = args[group] as string | undefined;
    if (!part) return whole;
    const at = whole.lastIndexOf(part);
    return whole.slice(0, at) + MASK.repeat(part.length) + whole.slice(at + part.length);
  });

/** What is not a code, masked in this order (positions are kept, so distances stay true). */
const NOT_CODES: { re: RegExp; group?: number }[] = [
  // Links and addresses.
  { re: /https?:\/\/[^\s，。]+/gi },
  { re: /\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|io|me|app|cn|ru|br|id|co|gl|ly|link)\b(?:\/[^\s，。]*)?/gi },
  { re: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g },
  // Dates: 2024-05-12, 2024/5/12, 2024年5月12日, 12/05/2024, 12.05.24, 5月12日.
  { re: /\d{4}\s?[-/.年]\s?\d{1,2}\s?[-/.月]\s?\d{1,2}\s?日?/g },
  { re: /\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}/g },
  { re: /\d{1,2}\s?月\s?\d{1,2}\s?[日号]/g },
  // Times: 14:30, 14:30:05, 14h30.
  { re: /\d{1,2}[:：]\d{2}(?:[:：]\d{2})?/g },
  { re: /\d{1,2}h\d{2}\b/g },
  // Amounts: a currency before or after, and any grouped or decimal number (1,234.56; 1.234.000; 12,50).
  {
    re: /(?:[$€£¥₽₹]|R\$|Rp\.?|RM|US\$|USD|USDT|CNY|RMB|EUR|IDR|BRL|RUB|руб\.?)\s?\d[\d.,\s]*\d|(?:[$€£¥₽₹]|R\$|Rp\.?)\s?\d/gi,
  },
  {
    re: /\d[\d.,]*\s?(?:元|块|美元|руб(?:лей|ля|\.)?|₽|€|\$|reais|rupiah|usd|usdt|eur|rmb|cny|idr|brl|rub)(?![A-Za-z])/gi,
  },
  { re: /\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?/g },
  { re: /\d+[.,]\d+/g },
  // Percentages and counts of time ("5 分钟", "10 minutes" are short anyway, but "30%" is not a code).
  { re: /\d+\s?%/g },
  // Phone numbers: international, or long runs of digits.
  { re: /\+\d[\d\s()-]{6,}\d/g },
  { re: /\d{9,}/g },
  // Numbers named as something else: order, card tail, account, reference, tracking, hotline...
  {
    re: /(?:拨打|致电|呼叫|详询|咨询|订单号?|单号|尾号|末四位|卡号|账号|账户|工号|编号|客服|热线|电话|快递|运单|order(?:\s?(?:no\.?|number|id))?|ref(?:erence)?|invoice|tracking|transaction|txn|ticket|card(?:\s?ending)?|ending\s(?:in|with)|acct|account\s?(?:no\.?|number)?|tel|hotline|call|pedido|n[º°o]\.?|nomor(?:\s?pesanan)?|pesanan|заказ|№|#)\s*[:：#]?\s*((?=[\w-]*\d)[\w-]{3,})/gi,
    group: 1,
  },
];

/** Words that name a code, in the languages the corpus covers. */
const CODE_WORD =
  /验证码|驗證碼|校验码|校驗碼|动态码|動態碼|确认码|確認碼|激活码|登录码|认证码|安全码|验证|認証|인증번호|код|пароль|(?<![A-Za-z])(?:codes?|c[oó]digos?|codice|kode|otp|pin|passcode|password|senha|verification|verify|token|one[- ]time)(?![A-Za-z])/giu;

/** A candidate: 4-8 digits, or two groups of 3-4 split by one dash or space, or a letter prefix like G-. */
const CANDIDATE = /(?<![\w\uE000-])(?:[A-Z]{1,3}-)?(\d{3,4}[- ]\d{3,4}|\d{4,8})(?![\w\uE000]|-\d)/g;

const YEAR = /^(?:19|20)\d{2}$/;

type Candidate = { digits: string; start: number; end: number };

function candidatesOf(masked: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of masked.matchAll(CANDIDATE)) {
    const digits = m[1]!.replace(/[- ]/g, '');
    if (digits.length < 4 || digits.length > 8) continue;
    const start = m.index!;
    found.push({ digits, start, end: start + m[0].length });
  }
  return found;
}

/** The code of a text, or null when it has none a person would type. */
export function generalExtract(text: string): string | null {
  // Domain-bound codes (WebOTP, Apple): "@apple.com #123456 %apple.com" names its code outright.
  const bound = /(?:^|\s)@[\w.-]+\.[a-z]{2,}\s+#([A-Za-z0-9]{4,8})\b/i.exec(text);
  if (bound) return bound[1]!;
  let masked = text.slice(0, 4096);
  for (const { re, group } of NOT_CODES) masked = mask(masked, re, group);
  const candidates = candidatesOf(masked);
  if (candidates.length === 0) return null;
  const words = [...masked.matchAll(CODE_WORD)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
  }));
  if (words.length === 0) {
    // No code word: a lone number that is not a year is still a code ("123456", "<#> 4821 abc").
    const plain = candidates.filter((c) => !YEAR.test(c.digits));
    return plain.length === 1 ? plain[0]!.digits : null;
  }
  let best: { digits: string; score: number } | null = null;
  for (const c of candidates) {
    let score = Number.POSITIVE_INFINITY;
    for (const w of words) {
      // A code usually follows its word ("code: 1234"); one before it ("1234 is your code") costs a little more.
      const distance = w.end <= c.start ? c.start - w.end : w.start >= c.end ? w.start - c.end + 8 : 0;
      score = Math.min(score, distance);
    }
    if (YEAR.test(c.digits)) score += 40;
    if (score > 120) continue;
    if (!best || score < best.score) best = { digits: c.digits, score };
  }
  return best?.digits ?? null;
}
