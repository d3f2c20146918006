import { createHmac } from 'node:crypto';

/** `X-Jiema-Signature`: `sha256=` + lowercase hex HMAC-SHA256(secret, `<timestamp>.<raw body>`). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
