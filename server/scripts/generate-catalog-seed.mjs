// Generates the catalog seed data committed in src/db/seed-data/ (countries, operators, applications)
// from the compat reference tables and two npm packages used at generation time only: the server
// never needs them (nor the network) to run.
//
//   mkdir -p /tmp/gen && npm install --prefix /tmp/gen i18n-iso-countries libphonenumber-js
//   GENERATOR_DEPS=/tmp/gen node server/scripts/generate-catalog-seed.mjs [reference-data-dir]
//
// The reference data dir defaults to ../shared/reference/data beside the repository.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../src/db/seed-data');
const refDir = path.resolve(process.argv[2] ?? path.resolve(here, '../../../shared/reference/data'));
const require = createRequire(
  path.join(path.resolve(process.env.GENERATOR_DEPS ?? here), 'node_modules', 'x.js'),
);
const isoCountries = require('i18n-iso-countries');
isoCountries.registerLocale(require('i18n-iso-countries/langs/en.json'));
isoCountries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
const { getCountryCallingCode } = require('libphonenumber-js');

const read = (name) => JSON.parse(fs.readFileSync(path.join(refDir, name), 'utf8'));
const saCountries = read('sms-activate-countries.json');
const fsCountries = read('5sim-countries.json');
const saServices = read('sms-activate-services.json');

// ---------------------------------------------------------------- countries

/** Territories libphonenumber has no metadata for (no numbers in use or shared with another plan). */
const DIAL_FALLBACK = { AQ: '672', BV: '47', TF: '262', HM: '672', PN: '64', GS: '500', UM: '1' };

/**
 * Chinese names: CLDR's simplified names (the sms-activate `chn`/`chn_suggested` strings are half
 * traditional characters), with the usage of this market for the places below.
 */
const ZH_OVERRIDES = {
  TW: '中国台湾',
  HK: '中国香港',
  MO: '中国澳门',
  ID: '印度尼西亚',
  EH: '西撒哈拉',
  BA: '波斯尼亚和黑塞哥维那',
  DO: '多米尼加共和国',
  CF: '中非共和国',
  AE: '阿联酋',
  SH: '圣赫勒拿',
  XK: '科索沃',
};

/** English names for codes sms-activate does not name, where CLDR's official form is awkward. */
const EN_OVERRIDES = {
  FK: 'Falkland Islands',
  VA: 'Vatican City',
  FM: 'Micronesia',
  PN: 'Pitcairn Islands',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
  AX: 'Åland Islands',
  SZ: 'Eswatini',
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
};

/** The countries most numbers are bought for come first in lists (sort order 10, 20, ...); others 1000. */
const POPULAR = [
  'US',
  'GB',
  'RU',
  'ID',
  'PH',
  'VN',
  'IN',
  'BR',
  'CN',
  'HK',
  'TH',
  'MY',
  'KZ',
  'UA',
  'CA',
  'DE',
  'FR',
  'NL',
  'PL',
  'MX',
  'CO',
  'TR',
  'EG',
  'NG',
  'KE',
  'ZA',
  'PK',
  'BD',
  'MM',
  'KH',
];

const flag = (code) => String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

const saByIso = new Map();
for (const row of saCountries) {
  // The United States has two ids: 12 (virtual numbers) and 187 (real SIMs); the country is 187.
  if (row.iso2 === 'US' && row.id === 12) continue;
  saByIso.set(row.iso2, row);
}
const fsByIso = new Map(fsCountries.map((row) => [row.iso2, row]));

const countries = Object.keys(isoCountries.getAlpha2Codes())
  .sort()
  .map((code) => {
    const sa = saByIso.get(code);
    const fivesim = fsByIso.get(code);
    let dial;
    try {
      dial = getCountryCallingCode(code);
    } catch {
      dial = DIAL_FALLBACK[code];
    }
    if (!dial) throw new Error(`no dial code for ${code}`);
    const popular = POPULAR.indexOf(code);
    return {
      code,
      dialCode: `+${dial}`,
      nameZh: ZH_OVERRIDES[code] ?? isoCountries.getName(code, 'zh'),
      nameEn: EN_OVERRIDES[code] ?? sa?.name_en ?? isoCountries.getName(code, 'en'),
      flag: flag(code),
      smsActivateId: sa?.id ?? null,
      fivesimSlug: fivesim?.slug ?? null,
      // On sale where the trade sells numbers (a sms-activate id or a 5sim slug); an admin enables the rest.
      enabled: Boolean(sa || fivesim),
      sortOrder: popular >= 0 ? (popular + 1) * 10 : 1000,
    };
  });

// ---------------------------------------------------------------- operators

/** Carrier slugs seen in the sms-activate API docs (countries 0-2) and the 2025 HeroSMS lists. */
const KNOWN_CARRIERS = {
  RU: ['megafon', 'mts', 'beeline', 'tele2', 'rostelecom'],
  UA: ['kyivstar', 'life', 'utel', 'mts', 'vodafone'],
  KZ: ['tele2', 'beeline', 'activ', 'altel', 'kcell'],
  US: ['at_t', 'tmobile', 'verizon', 'cricket_wireless', 'boost_mobile', 'virgin'],
  GB: ['ee', 'o2', 'three', 'vodafone', 'giffgaff', 'lebara', 'lycamobile'],
};
const CARRIER_NAMES = {
  megafon: 'MegaFon',
  mts: 'MTS',
  beeline: 'Beeline',
  tele2: 'Tele2',
  rostelecom: 'Rostelecom',
  kyivstar: 'Kyivstar',
  life: 'lifecell',
  utel: 'Utel',
  vodafone: 'Vodafone',
  activ: 'Activ',
  altel: 'Altel',
  kcell: 'Kcell',
  at_t: 'AT&T',
  tmobile: 'T-Mobile',
  verizon: 'Verizon',
  cricket_wireless: 'Cricket Wireless',
  boost_mobile: 'Boost Mobile',
  virgin: 'Virgin Mobile',
  ee: 'EE',
  o2: 'O2',
  three: 'Three',
  giffgaff: 'giffgaff',
  lebara: 'Lebara',
  lycamobile: 'Lycamobile',
};
const operatorName = (slug) => {
  const virtual = /^virtual(\d+)$/.exec(slug);
  if (virtual) return `Virtual ${virtual[1]}`;
  return CARRIER_NAMES[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1);
};

const countryCodes = new Set(countries.map((c) => c.code));
const operators = [];
for (const code of [...countryCodes].sort()) {
  const snapshot = fsByIso.get(code)?.operators_snapshot ?? [];
  const known = KNOWN_CARRIERS[code] ?? [];
  const slugs = [
    ...new Set([
      ...known,
      ...snapshot.filter((s) => !s.startsWith('virtual')),
      ...snapshot.filter((s) => s.startsWith('virtual')),
    ]),
  ];
  slugs.forEach((slug, i) => {
    operators.push({
      countryCode: code,
      code: slug,
      name: operatorName(slug),
      fivesimSlug: snapshot.includes(slug) ? slug : null,
      sortOrder: (i + 1) * 10,
    });
  });
}

// ---------------------------------------------------------------- applications

/** Chinese names (as this market calls them) and clean English names; a missing zh keeps the brand. */
const APP_NAMES = {
  go: ['谷歌', 'Google'],
  ig: ['Instagram', 'Instagram + Threads'],
  fb: ['脸书', 'Facebook'],
  wa: ['WhatsApp', 'WhatsApp'],
  tg: ['Telegram', 'Telegram'],
  am: ['亚马逊', 'Amazon'],
  hw: ['支付宝/阿里巴巴/1688', 'Alipay / Alibaba / 1688'],
  mm: ['微软', 'Microsoft'],
  tw: ['推特 (X)', 'Twitter (X)'],
  mb: ['雅虎', 'Yahoo'],
  lf: ['TikTok/抖音', 'TikTok / Douyin'],
  wx: ['苹果', 'Apple'],
  wb: ['微信', 'WeChat'],
  ot: ['其他', 'Any other'],
  ka: ['虾皮 Shopee', 'Shopee'],
  ev: ['PicPay', 'PicPay'],
  ub: ['优步', 'Uber'],
  ew: ['耐克', 'Nike'],
  vk: ['VK', 'VK'],
  li: ['百度', 'Baidu'],
  fr: ['DANA', 'DANA'],
  me: ['LINE', 'LINE'],
  qf: ['小红书', 'RedNote (Xiaohongshu)'],
  acm: ['雷蛇', 'Razer'],
  nc: ['派安盈', 'Payoneer'],
  cq: ['美客多', 'Mercado Libre'],
  aez: ['希音 SHEIN', 'SHEIN'],
  ki: ['99', '99'],
  pf: ['POF', 'POF'],
  pc: ['博彩/娱乐场', 'Casino / betting'],
  pd: ['iFood', 'iFood'],
  ky: ['Spaten Oktoberfest', 'Spaten Oktoberfest'],
  xk: ['滴滴', 'DiDi'],
  nf: ['网飞', 'Netflix'],
  fk: ['Blibli', 'Blibli'],
  bz: ['暴雪', 'Blizzard'],
  za: ['京东', 'JD.com'],
  blt: ['Indopaket', 'Indopaket'],
  im: ['imo', 'imo'],
  tn: ['领英', 'LinkedIn'],
  ok: ['OK.ru', 'OK.ru (Odnoklassniki)'],
  bme: ['myIM3', 'myIM3'],
  qq: ['腾讯 QQ', 'Tencent QQ'],
  kf: ['微博', 'Weibo'],
  qd: ['淘宝', 'Taobao'],
  dr: ['OpenAI (ChatGPT)', 'OpenAI (ChatGPT)'],
  hx: ['速卖通', 'AliExpress'],
  ma: ['Mail.ru', 'Mail.ru'],
  ya: ['Yandex', 'Yandex'],
  mt: ['Steam', 'Steam'],
  re: ['Coinbase', 'Coinbase'],
  bnl: ['Reddit', 'Reddit'],
  wr: ['沃尔玛', 'Walmart'],
  dp: ['Proton Mail', 'Proton Mail'],
  sg: ['OZON', 'OZON'],
  uu: ['Wildberries', 'Wildberries'],
  qv: ['Badoo', 'Badoo'],
  ac: ['DoorDash', 'DoorDash'],
  tl: ['Truecaller', 'Truecaller'],
  bc: ['GCash', 'GCash'],
  rr: ['Wolt', 'Wolt'],
};

/** Services beyond the top 100 that this market asks for. */
const EXTRA_CODES = [
  'qq',
  'kf',
  'qd',
  'dr',
  'hx',
  'ma',
  'ya',
  'mt',
  're',
  'bnl',
  'wr',
  'dp',
  'sg',
  'uu',
  'qv',
  'ac',
  'tl',
  'bc',
  'rr',
];

export const DEFAULT_CODE_PATTERN = String.raw`\b(\d{4,8})\b`;

/** Patterns that differ from the defaults: [sender, keyword, code]; null keeps the default. */
const APP_PATTERNS = {
  go: [null, String.raw`Google|G-\d{6}`, String.raw`\bG-([A-Z0-9]{5,8})\b`],
  fb: [String.raw`Facebook|\bFB\b`, String.raw`Facebook|FB-\d`, String.raw`\bFB-(\d{5,8})\b`],
  ig: [null, null, String.raw`\b(\d{3} ?\d{3})\b`],
  wa: [null, null, String.raw`(\d{3}-\d{3})`],
  tg: [null, null, String.raw`\b(\d{5,6})\b`],
  tw: ['Twitter|^X$', String.raw`Twitter|\bX\b`, null],
  wb: ['WeChat|微信|Weixin', 'WeChat|微信|Weixin', null],
  lf: ['TikTok|Douyin|抖音', 'TikTok|Douyin|抖音', null],
  hw: ['Alipay|Alibaba|1688|支付宝|阿里巴巴', 'Alipay|Alibaba|1688|支付宝|阿里巴巴', null],
  qq: [String.raw`\bQQ\b|Tencent|腾讯`, String.raw`\bQQ\b|Tencent|腾讯`, null],
  kf: ['Weibo|微博', 'Weibo|微博', null],
  qd: ['Taobao|淘宝', 'Taobao|淘宝', null],
  za: [String.raw`\bJD\b|京东`, String.raw`\bJD\b|京东`, null],
  li: ['Baidu|百度', 'Baidu|百度', null],
  qf: ['RedNote|Xiaohongshu|小红书', 'RedNote|Xiaohongshu|小红书', null],
  xk: ['DiDi|滴滴', 'DiDi|滴滴', null],
  dr: ['OpenAI|ChatGPT', 'OpenAI|ChatGPT', null],
  ok: [String.raw`Odnoklassniki|OK\.ru`, String.raw`Odnoklassniki|OK\.ru`, null],
  dp: ['Proton', 'Proton', null],
  // "Any other" and gambling sites: no pattern, so any SMS to the number counts.
  ot: ['', '', null],
  pc: ['', '', null],
};

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name's words as a pattern: `Alipay / Alibaba` → `Alipay|Alibaba`; short words get word boundaries. */
function namePattern(name) {
  const tokens = name
    .replace(/\(.*?\)/g, '')
    .split(/[/+,]/)
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set(tokens)]
    .map((t) =>
      t.length <= 4 && /^\w/.test(t) && /\w$/.test(t) ? `\\b${escapeRegex(t)}\\b` : escapeRegex(t),
    )
    .join('|');
}

const CLEAN_EN = {
  'vk.com': 'VK',
  'Line messenger': 'LINE',
  JDcom: 'JD.com',
  'ok.ru': 'OK.ru',
  'pof.com': 'POF',
  IFood: 'iFood',
  Mercado: 'Mercado Libre',
  '99app': '99',
  'Yandex/Uber': 'Yandex',
};

const ranked = saServices
  .filter((s) => s.rank_2025 && s.status === 'current')
  .sort((a, b) => a.rank_2025 - b.rank_2025);
// `full` is the whole-number rent, not a service a code is received for.
const top = ranked.filter((s) => s.code !== 'full').slice(0, 100);
const chosen = [...top, ...EXTRA_CODES.map((code) => ranked.find((s) => s.code === code)).filter(Boolean)];
const applications = chosen.map((s, i) => {
  const [zh, en] = APP_NAMES[s.code] ?? [];
  const nameEn = en ?? CLEAN_EN[s.name] ?? s.name;
  const [sender, keyword, code] = APP_PATTERNS[s.code] ?? [];
  const fromName = namePattern(nameEn);
  return {
    code: s.code,
    fivesimProduct: s.fivesim_products?.[0] ?? null,
    nameZh: zh ?? nameEn,
    nameEn,
    senderPattern: sender ?? fromName,
    keywordPattern: keyword ?? fromName,
    codePattern: code ?? DEFAULT_CODE_PATTERN,
    sortOrder: (i + 1) * 10,
  };
});

const write = (name, rows) => fs.writeFileSync(path.join(out, name), `${JSON.stringify(rows, null, 2)}\n`);
write('countries.json', countries);
write('operators.json', operators);
write('applications.json', applications);
console.log(
  `${countries.length} countries, ${operators.length} operators (+1 "any" per country), ${applications.length} applications → ${out}`,
);
