/**
 * What the first start prints about the administrator it created: a block of plain lines on its
 * own, not a field of one JSON log line among the request logs, so whoever starts the server sees
 * the generated password (it is stored nowhere readable and never shown again).
 */
export function administratorBanner(username: string, generatedPassword: string | undefined): string {
  const password = generatedPassword ?? '(the ADMIN_PASSWORD you set)';
  const line = `Administrator created: username "${username}", password ${password}`;
  const note = generatedPassword
    ? 'Write the password down now: it is shown only this once. Change it on the profile page.'
    : 'Sign in with it at /login.';
  const rule = '='.repeat(Math.max(line.length, note.length));
  return ['', rule, line, note, rule, '', ''].join('\n');
}
