import type { Campaign, OutboundMessage } from '@jiema/shared';
import { describe, expect, it } from 'vitest';
import {
  campaignMayChange,
  messageMayChange,
  REPORT_WAIT_MS,
} from '../src/features/mass-sms/api/awaiting-reports';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const counts = (sent: number) => ({ pending: 0, sent, delivered: 2 - sent, failed: 0 });
const campaign = (status: Campaign['status'], sent: number, finishedAt: string | null) =>
  ({ status, counts: counts(sent), finishedAt }) as Campaign;
const message = (status: OutboundMessage['status'], submittedAt: string | null) =>
  ({ status, submittedAt }) as OutboundMessage;

// The send orders page polls while any of its campaigns may change: a campaign completes when its last
// message is sent, and the delivered count moves only afterwards, when the reports arrive.
describe('a campaign may still change', () => {
  it('while sending or scheduled', () => {
    expect(campaignMayChange(campaign('sending', 0, null), NOW)).toBe(true);
    expect(campaignMayChange(campaign('scheduled', 0, null), NOW)).toBe(true);
  });
  it('completed a moment ago with messages still awaiting their report', () => {
    expect(campaignMayChange(campaign('completed', 2, ago(1000)), NOW)).toBe(true);
  });
  it('not once every message is reported, nor long after it completed', () => {
    expect(campaignMayChange(campaign('completed', 0, ago(1000)), NOW)).toBe(false);
    expect(campaignMayChange(campaign('completed', 2, ago(REPORT_WAIT_MS + 1)), NOW)).toBe(false);
    expect(campaignMayChange(campaign('cancelled', 0, ago(1000)), NOW)).toBe(false);
  });
});

describe('a message may still change', () => {
  it('while pending, or sent a moment ago', () => {
    expect(messageMayChange(message('pending', null), NOW)).toBe(true);
    expect(messageMayChange(message('sent', ago(1000)), NOW)).toBe(true);
  });
  it('not once delivered or failed, nor long after it was sent', () => {
    expect(messageMayChange(message('delivered', ago(1000)), NOW)).toBe(false);
    expect(messageMayChange(message('failed', ago(1000)), NOW)).toBe(false);
    expect(messageMayChange(message('sent', ago(REPORT_WAIT_MS + 1)), NOW)).toBe(false);
  });
});
