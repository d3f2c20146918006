import type { Locale } from '@jiema/shared';
import type { OutgoingMail } from '../../lib/mailer';

type MailText = { subject: string; intro: string; action: string; expiry: string; ignore: string };

const TEXTS: Record<'password_reset' | 'email_verify', Record<Locale, MailText>> = {
  password_reset: {
    'zh-CN': {
      subject: 'Jiema 接码：重置密码',
      intro: '有人（希望是您）申请重置 Jiema 接码账号 {username} 的密码。',
      action: '重置密码',
      expiry: '链接 {minutes} 分钟内有效，只能使用一次。重置后，该账号所有已登录的设备都会退出。',
      ignore: '如果不是您本人操作，请忽略本邮件，密码不会改变。',
    },
    'en-US': {
      subject: 'Jiema: reset your password',
      intro: 'Someone (hopefully you) asked to reset the password of the Jiema account {username}.',
      action: 'Reset password',
      expiry:
        'The link works once, for {minutes} minutes. After the reset, every device signed in to the account is signed out.',
      ignore: 'If this was not you, ignore this mail: your password stays as it is.',
    },
  },
  email_verify: {
    'zh-CN': {
      subject: 'Jiema 接码：验证邮箱',
      intro: '请确认 {email} 是 Jiema 接码账号 {username} 的邮箱。',
      action: '验证邮箱',
      expiry: '链接 {minutes} 分钟内有效，只能使用一次。',
      ignore: '如果您没有注册 Jiema 接码账号，请忽略本邮件。',
    },
    'en-US': {
      subject: 'Jiema: verify your email',
      intro: 'Please confirm that {email} is the email of the Jiema account {username}.',
      action: 'Verify email',
      expiry: 'The link works once, for {minutes} minutes.',
      ignore: 'If you did not sign up for Jiema, ignore this mail.',
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The mail carrying a link, in the language the request was made in; text and HTML say the same. */
export function linkMail(
  purpose: keyof typeof TEXTS,
  locale: Locale,
  to: { email: string; username: string },
  link: string,
  ttlMs: number,
): OutgoingMail {
  const t = TEXTS[purpose][locale];
  const values = { username: to.username, email: to.email, minutes: String(Math.round(ttlMs / 60_000)) };
  const intro = fill(t.intro, values);
  const expiry = fill(t.expiry, values);
  return {
    to: to.email,
    subject: t.subject,
    text: `${intro}\n\n${t.action}: ${link}\n\n${expiry}\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
      `<p style="color:#666">${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(expiry)}<br>${escapeHtml(t.ignore)}</p>`,
  };
}
