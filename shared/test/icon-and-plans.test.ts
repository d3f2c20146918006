import { describe, expect, it } from 'vitest';
import { resolveIconUrl } from '../src/icon';
import { PRICE_PLANS } from '../src/plans';

describe('icon path rules of spec §3', () => {
  it('keeps http and data: values, prefixes / with the base, leaves the rest, empties empty input', () => {
    expect(resolveIconUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(resolveIconUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(resolveIconUrl('/api/files/1')).toBe('/api/files/1');
    expect(resolveIconUrl('/api/files/1', 'https://host')).toBe('https://host/api/files/1');
    expect(resolveIconUrl('avatar.png')).toBe('avatar.png');
    expect(resolveIconUrl('')).toBe('');
    expect(resolveIconUrl(null)).toBe('');
    expect(resolveIconUrl(undefined)).toBe('');
  });
});

describe('price plans of spec §1/§9', () => {
  it('are 0.05, 0.04 and 0.03 USDT per message with 1000 free on basic', () => {
    expect(PRICE_PLANS.map((p) => [p.key, p.pricePerMessage, p.freeMessages])).toEqual([
      ['basic', '0.05', 1000],
      ['pro', '0.04', 0],
      ['enterprise', '0.03', 0],
    ]);
  });
});
