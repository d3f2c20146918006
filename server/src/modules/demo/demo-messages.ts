import { randomInt } from 'node:crypto';

/** What the simulated gateway needs to know of a rental's application to write its SMS. */
export type DemoApplication = { code: string; nameEn: string; senderPattern: string };

export type DemoSms = { from: string; text: string; code: string };

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/**
 * How the most rented services word their codes (sender and text as a phone shows them). Each text
 * has exactly one code, which the application's own pattern in the seeded catalog extracts.
 */
const TEMPLATES: Record<string, () => DemoSms> = {
  tg: () => {
    const code = digits(5);
    return {
      from: 'Telegram',
      text: `Telegram code: ${code}\n\nYou can also tap on this link to log in:\nhttps://t.me/login/${code}`,
      code,
    };
  },
  wa: () => {
    const code = `${digits(3)}-${digits(3)}`;
    return {
      from: 'WhatsApp',
      text: `Your WhatsApp code: ${code}\nDon't share this code with others`,
      code,
    };
  },
  go: () => {
    const code = digits(6);
    return { from: 'Google', text: `G-${code} is your Google verification code.`, code };
  },
  ig: () => {
    const code = `${digits(3)} ${digits(3)}`;
    return { from: 'Instagram', text: `Use ${code} to verify your Instagram account.`, code };
  },
  fb: () => {
    const code = digits(6);
    return { from: 'Facebook', text: `FB-${code} is your Facebook confirmation code`, code };
  },
  am: () => {
    const code = digits(6);
    return {
      from: 'Amazon',
      text: `${code} is your Amazon OTP. Do not share it with anyone.`,
      code,
    };
  },
  mm: () => {
    const code = digits(6);
    return { from: 'Microsoft', text: `Use ${code} as Microsoft account security code`, code };
  },
  wx: () => {
    const code = digits(6);
    return { from: 'Apple', text: `Your Apple Account code is: ${code}. Don't share it with anyone.`, code };
  },
  wb: () => {
    const code = digits(6);
    return {
      from: 'WeChat',
      text: `[WeChat] Your verification code is ${code}. Do not share it with anyone.`,
      code,
    };
  },
  lf: () => {
    const code = digits(6);
    return { from: 'TikTok', text: `[TikTok] ${code} is your verification code, valid for 5 minutes.`, code };
  },
  ds: () => {
    const code = digits(6);
    return { from: 'Discord', text: `Your Discord verification code is: ${code}`, code };
  },
  tw: () => {
    const code = digits(6);
    return { from: 'Twitter', text: `${code} is your X verification code.`, code };
  },
};

/** The sender a service's SMS comes from: the first plain name its sender pattern accepts. */
function senderOf(app: DemoApplication): string {
  const plain = app.senderPattern.split('|').find((part) => /^[A-Za-z][\w ]{1,30}$/.test(part));
  return plain ?? app.nameEn.split(/[/(]/)[0]!.trim().slice(0, 30);
}

/** A realistic SMS with a fresh code for a rental of this application. */
export function demoSmsFor(app: DemoApplication): DemoSms {
  const template = TEMPLATES[app.code];
  if (template) return template();
  const code = digits(6);
  const from = senderOf(app);
  return { from, text: `Your ${from} verification code is ${code}. Do not share it with anyone.`, code };
}
