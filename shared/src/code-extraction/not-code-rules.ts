/**
 * The rules of what a person never reads as a verification code, each with the reason the tester
 * shows; not-codes.ts applies them. Every expression is ours and fixed, with bounded repetitions, so
 * each runs in time linear in the text.
 */

export const NOT_CODE_REASONS = [
  'link',
  'date',
  'time',
  'money',
  'quantity',
  'phone',
  'cardOrAccount',
  'reference',
  'shortCode',
  'longNumber',
] as const;
export type NotCodeReason = (typeof NOT_CODE_REASONS)[number];

export type Rule = {
  reason: NotCodeReason;
  re: RegExp;
  group?: number;
  keep?: (match: RegExpExecArray) => boolean;
  /**
   * A match right after such a character is left alone. It does what a lookbehind at the start of
   * the expression would, checked once a match is found instead of at every position of the text
   * (V8 then also skips ahead to where a keyword can start): several times faster on long texts.
   */
  notAfter?: RegExp;
  /**
   * What every match of the rule contains (a character, or a short expression much cheaper to look
   * for than the rule): the rule is skipped on text that lacks it.
   */
  needs?: string | RegExp;
  /**
   * The expression starts with a group of words (after any lookbehind): it is tried only where one
   * of them starts (keyword-starts.ts), found for all such rules in one pass.
   */
  leadingWords?: true;
};

/** Ends with a letter of the Latin or Cyrillic scripts (a keyword glued to it is part of another word). */
const LATIN_OR_CYRILLIC_LETTER = /[A-Za-z\u00C0-\u024F\u0400-\u04FF]$/;

const L = String.raw`\p{L}\p{M}`;
const MONTHS = String.raw`jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|янв|фев|мар|апр|мая|май|июн|июл|авг|сен|окт|ноя|дек`;
const CURRENCY_SYMBOLS = String.raw`[$€£¥₽₹₩₪₫₴₸₺₦₱฿৳﷼]|r\$|us\$|s\$|hk\$|a\$|c\$|nt\$|rp\.?|rm|rs\.?|ksh\.?`;
const CURRENCY_CODES = String.raw`usd|usdt|eur|gbp|cny|rmb|jpy|krw|inr|idr|brl|rub|rur|byn|byr|kzt|uah|uzs|npr|pkr|lkr|bdt|tzs|kes|ugx|ngn|ghs|zar|etb|birr|aed|sar|qar|omr|kwd|bhd|egp|jod|mad|try|tl|thb|vnd|php|myr|sgd|hkd|twd|aud|cad|chf|sek|nok|dkk|pln|czk|huf|ron|bgn|mxn|cop|ars|clp|pen|mzn|mt|irr|irt|tmn|cfa|xof|xaf`;
const CURRENCY_WORDS = String.raw`元|块|美元|円|원|руб(?:лей|ля|ль)?\.?|р\.?|грн|тг|тенге|сум|reais|real|rupiah|rupees?|dollars?|euros?|pesos?|lira|ريال|ریال|تومان|جنيه|درهم|دينار|บาท|đ|₫|zł|kč|ft|lei|лв|kr`;
const UNITS = String.raw`kwh|kw|wh|mah|kg|mg|lb|lbs|km|cm|mm|ml|gb|mb|kb|tb|min|mins|minutes?|minuti|minutos?|minuten|hrs?|hours?|heures?|horas?|stunden|days?|jours?|días?|dias|tage|secs?|seconds?|segundos|sekunden|pts|points?|units?|pcs|items?|sms|шт|мин|минут[ыа]?|час(?:а|ов)?|дн(?:я|ей)|сек(?:унд)?|дней|гб|мб|分钟|分鐘|小时|小時|天|秒|条|個|个|件|分|時間|日間|분|초|시간|일|개|นาที|ชั่วโมง|دقيقة|دقائق|دقیقه|ساعت|ثانیه|روز|saat|dakika|gün|menit|jam|hari|detik|phút|giờ|ngày|perc|óra|minuuttia|minutit|minučių|minūtes|minut|dakikası|menit`;

/**
 * Links, domains and addresses: they may hold no digit at all ("ABCDEF.link/x"), so they run over the
 * whole text. A run of word characters is taken atomically (`(?=(…))\1`, JavaScript has no atomic
 * group): backtracking through it could never find a dot or an "@" and cost up to 64 steps a character.
 */
const TOP_LEVEL_DOMAINS =
  'com|net|org|io|me|app|cn|ru|br|id|co|gl|ly|link|in|ir|nl|de|uk|us|info|by|kz|ua|tz|ke|page|to|gg|ai|dev';
export const LINK_RULES: Rule[] = [
  { reason: 'link', re: /(?:https?:\/\/|www\.)[^\s，。、<>"]{1,2000}/gu },
  {
    reason: 'link',
    needs: '@',
    re: /(?<![\w.+-])(?=([\w.+-]{1,64}))\1@[\w-]{1,63}(?:\.[\w-]{1,63}){1,5}/gu,
  },
  {
    reason: 'link',
    re: new RegExp(
      String.raw`(?<![\w@#])(?=([\w-]{1,63}))\1(?:\.(?=([\w-]{1,63}))\2){0,4}\.(?:${TOP_LEVEL_DOMAINS})\b(?:\/[^\s，。]{0,2000})?`,
      'gu',
    ),
    // A word character or hyphen, a dot and a known ending: most texts have none, and this is found fast.
    needs: new RegExp(String.raw`[\w-]\.(?:${TOP_LEVEL_DOMAINS})\b`, 'u'),
  },
];

/**
 * Everything else masks only spans with a digit, and every match lies within {@link DIGIT_REACH}
 * characters of its digits (the longest lead before a first digit is a reference word with its
 * letters, about 60 characters; the longest tail after a last digit a unit word, about 15). So these
 * rules run only over the stretches of text around digits: a long message of words costs little.
 */
export const DIGIT_RULES: Rule[] = [
  // Dates that are dates: 2024-05-12, 2024年5月12日, 1399/4/18, 12/05/2024, 12.05.24, 12/05, 5月12日, 24-Feb-2026, 28Dec24.
  {
    reason: 'date',
    re: /(?<!\d)(1[3-4]|19|20)\d{2}\s?[-/.年]\s?(0?[1-9]|1[0-2])\s?[-/.月]\s?(0?[1-9]|[12]\d|3[01])(?!\d)\s?[日号]?/gu,
  },
  { reason: 'date', re: /(?<!\d)(0?[1-9]|[12]\d|3[01])[-/.](0?[1-9]|1[0-2])[-/.](?:\d{4}|\d{2})(?!\d)/gu },
  { reason: 'date', re: /(?<!\d)(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])\/(?:\d{4}|\d{2})(?!\d)/gu },
  { reason: 'date', re: /(?<![\d.])(0?[1-9]|[12]\d|3[01])[/.](0?[1-9]|1[0-2])(?![\d.]|[/.]\d)/gu },
  { reason: 'date', re: /(?<!\d)(0?[1-9]|1[0-2])\s?月\s?(0?[1-9]|[12]\d|3[01])\s?[日号]/gu },
  {
    reason: 'date',
    re: new RegExp(
      String.raw`(?<!\d)(?:0?[1-9]|[12]\d|3[01])[-\s]?(?:${MONTHS})[a-zа-я]{0,6}\.?[-\s,]{0,2}(?:\d{4}|\d{2})?(?![\d])|(?:${MONTHS})[a-z]{0,6}\.?\s(?:0?[1-9]|[12]\d|3[01])(?:,?\s\d{4})?(?!\d)`,
      'gu',
    ),
  },
  // Times: 14:30, 14:30:05, 14h30, 00h00m00s, 10 AM.
  {
    reason: 'time',
    re: /(?<![\d.])([01]?\d|2[0-3])[:：.]([0-5]\d)(?:[:：.]([0-5]\d))?(?!\d|[.:]\d)(?:\s?[AaPp]\.?[Mm]\.?)?/gu,
  },
  { reason: 'time', re: /(?<!\d)([01]?\d|2[0-3])h([0-5]\d)(?:m(?:[0-5]\d)s?)?(?!\d)/gu },
  { reason: 'time', re: /(?<!\d)(1[0-2]|0?[1-9])\s?[AaPp]\.?[Mm]\b/gu },
  // Money: a currency before or after an amount, and any grouped or decimal number.
  {
    reason: 'money',
    re: new RegExp(String.raw`(?:${CURRENCY_SYMBOLS})\s?(?:[-+]?\d[\d.,' \u00a0]{0,24}\d|\d)`, 'gu'),
    leadingWords: true,
  },
  {
    reason: 'money',
    re: new RegExp(String.raw`(?:${CURRENCY_CODES})(?![${L}])\s?[-+]?\d[\d.,' \u00a0]{0,24}\d`, 'gu'),
    leadingWords: true,
    notAfter: new RegExp(`[${L}]$`, 'u'),
  },
  // The amount's run is taken atomically (`(?=(…))\1`): no currency starts with a digit, a dot, a
  // comma, an apostrophe or a space, so giving characters back could never find one, and on text of
  // digits and spaces it cost up to 25 tries for every number.
  {
    reason: 'money',
    re: new RegExp(
      String.raw`(?<![A-Za-z\d])[-+]?\d(?=([\d.,' \u00a0]{0,24}))\1\s?(?:${CURRENCY_SYMBOLS}|(?:${CURRENCY_CODES}|${CURRENCY_WORDS})(?![${L}]))`,
      'gu',
    ),
  },
  { reason: 'money', re: /(?<![\d.,])\d{1,3}(?:[.,'\u00a0]\d{3}){1,6}(?:[.,]\d{1,2})?(?![\d])/gu },
  { reason: 'money', re: /(?<![\d.,])\d{1,9}[.,]\d{1,3}(?!\d|[.,]\d)/gu },
  // Quantities with units, percentages.
  {
    reason: 'quantity',
    re: new RegExp(String.raw`\d{1,9}\s?(?:${UNITS})(?![${L}])`, 'gu'),
    notAfter: /[A-Za-z\d]$/,
  },
  { reason: 'quantity', re: /\d{1,9}\s?%/gu, needs: '%' },
  // Phone numbers: international, national formats, and numbers one is told to call.
  { reason: 'phone', re: /\+\d[\d\s().-]{6,18}\d/gu },
  { reason: 'phone', re: /\(\d{2,4}\)\s?\d{2,4}[\s-]?\d{2,4}(?:[\s-]?\d{2,4})?/gu },
  { reason: 'phone', re: /(?<![\d-])\d{3}[-.\s]\d{3}[-.\s]\d{4}(?![\d-])/gu },
  { reason: 'phone', re: /(?<![\d-])(?:0|8-?)\d{2,4}[-\s]\d{3}[-\s]?\d{2}[-\s]?\d{2}(?![\d-])/gu },
  {
    reason: 'phone',
    re: /(?<!\d)(?:0\d{9,11}|1[-\s]?8\d{2}[-\s]?\d{3}[-\s]?\d{3,4}|1800\d{6,7}|[78]800\d{7}|800\d{6,7})(?!\d)/gu,
  },
  {
    reason: 'phone',
    re: new RegExp(
      String.raw`(?:(?:call|tel|phone|hotline|helpline|ring|contact|dial|звоните|позвоните|тел|телефон|llame|ligue|appelez|rufen|hubungi)(?![${L}])|拨打|致电|电话|客服|热线|详询|咨询|電話|전화|اتصل|تماس)[.:]{0,2}\s{0,3}(?:us\s|on\s|at\s|no\.?\s?)?[:：]?\s{0,2}(\d[\d\s-]{2,16}\d)`,
      'gu',
    ),
    group: 1,
    notAfter: LATIN_OR_CYRILLIC_LETTER,
    leadingWords: true,
  },
  // Card tails and account numbers: "Карта *1234", "CARD*2197", "VISA6168", "A/c XX1234", "ending 1234".
  {
    reason: 'cardOrAccount',
    re: /(?:card|cards|karta|karty|kartu|kartoj|karte|carte|cartão|cartao|tarjeta|карта|карты|карте|карту|картой|счет|счёт|сч|schet|scheta|a\/c|a\/c\.|ac|acct|account|accounts|acc|konto|cuenta|conta|compte|rekening|hesap|visa|mir|ecmc|mc|maestro|master|mastercard|amex|debit|credit|wallet|بطاقة|بطاقتك|حساب|حسابك|کارت|卡|尾号|末四位|账户|帳戶|账号|카드|계좌|บัตร|บัญชี|ending(?:\s(?:in|with))?|ends\sin|ending:)[\s:.#№-]{0,4}(?:no\.?\s?|nr\.?\s?|number\s|nomer\s|номер\s)?\s{0,3}([*xX#•.-]{0,8}\s?\d[\d*xX#•\-\s]{1,22}\d|[*xX#•]{1,8}\d{2,4})/gu,
    group: 1,
    notAfter: LATIN_OR_CYRILLIC_LETTER,
    leadingWords: true,
  },
  { reason: 'cardOrAccount', re: /(?<![\w])(?:[*xX•]{1,12}|#{2,12}|\.{2,4})\s?\d{2,6}(?!\d)/gu },
  { reason: 'cardOrAccount', re: /(?<!\d)\d{2,6}(?:[*xX#•]{2,12}|\.{2,4})\d{2,6}(?!\d)/gu },
  {
    reason: 'cardOrAccount',
    re: /(?<![a-z])(?:visa|mir|ecmc|mc|maes|amex|card|pan)-?\d{4}(?!\d)/gu,
    leadingWords: true,
  },
  // Order, reference, transaction and other numbers named as something else.
  {
    reason: 'reference',
    re: /(?:order|orders|ref|reference|refno|invoice|receipt|tracking|transaction|trx|txn|txnid|upi|rrn|utr|imps|neft|folio|booking|pnr|ticket|id|no|nr|nro|número|numero|pedido|commande|bestellung|auftrag|sipariş|nomor|pesanan|заказ|заказа|чек|операции|квитанция|договора|договор|№|#|订单号?|單號|单号|编号|編號|工号|快递|运单|注文番号|주문번호|رقم|شماره|مرجع|ATM)[\s:：#№.-]{0,4}([A-Za-z0-9][A-Za-z0-9/-]{2,40})/gu,
    group: 1,
    keep: (m) => !/\d/.test(m[1] ?? ''),
    notAfter: LATIN_OR_CYRILLIC_LETTER,
    leadingWords: true,
  },
  // Short codes one is told to text: "text STOP to 87121", "kirim ke 3636", "SMS BLOCK 923 to 9275676766".
  {
    reason: 'shortCode',
    re: new RegExp(
      String.raw`(?:text|txt|send|reply|sms|msg|kirim|ketik|envía|envia|envoyez|écrivez|sende|отправьте|пришлите|напишите|发送|回复|回覆)[${L}\s\d"'“”«».,:-]{0,40}?(?:to|ke|al|au|an|на|at|para|至|到)\s{0,2}(\d{3,11})(?!\d)`,
      'gu',
    ),
    group: 1,
    notAfter: LATIN_OR_CYRILLIC_LETTER,
    leadingWords: true,
  },
  {
    reason: 'shortCode',
    re: /(?:stop|unsubscribe|optout|opt-out|cancel|td|退订|回复T|退訂)[\s:"'-]{0,4}(?:to\s)?(\d{3,6})(?!\d)/gu,
    group: 1,
    leadingWords: true,
  },
  // Runs of 11 or more digits: card, account and ID numbers, never a code a person types.
  { reason: 'longNumber', re: /\d{11,}/gu },
];
