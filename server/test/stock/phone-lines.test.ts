import { NOT_SMS_CAPABLE } from '@jiema/shared/phone-number';
import examples from 'libphonenumber-js/examples.mobile.json';
import {
  type CountryCode,
  getCountries,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import { describe, expect, test } from 'vitest';
import { createLineAnalyser } from '../../src/modules/stock/phone-lines';

/**
 * The analyser asks libphonenumber as little as it can (one parse, the type worked out once); its
 * verdict must stay exactly that of the plain calls: parse, `isValid`, then `getType`.
 */
function plainVerdict(text: string, country: CountryCode) {
  const parsed = parsePhoneNumberFromString(text, country);
  if (!parsed?.isValid()) {
    const problem = validatePhoneNumberLength(text, country);
    return { valid: false, number: parsed?.number ?? null, problem: problem ?? null, parsed: !!parsed };
  }
  if (parsed.ext) return { valid: false, number: parsed.number, reason: 'badFormat' };
  if (parsed.country !== country) return { valid: false, number: parsed.number, reason: 'wrongCountry' };
  const type = parsed.getType();
  if (type && NOT_SMS_CAPABLE.has(type)) return { valid: false, number: parsed.number, detail: type };
  return { valid: true, number: parsed.number };
}

/** A country's example mobile number, and numbers around it that other types and errors come from. */
function variantsOf(country: CountryCode): string[] {
  const example = (examples as Record<string, string>)[country];
  if (!example) return [];
  const national = parsePhoneNumberFromString(example, country)!.nationalNumber;
  const dial = parsePhoneNumberFromString(example, country)!.countryCallingCode;
  const variants = [
    example,
    `+${dial}${national}`,
    `+${dial}${national}9`,
    `+${dial}${national.slice(0, -1)}`,
  ];
  for (let digit = 0; digit <= 9; digit++) {
    variants.push(`+${dial}${digit}${national.slice(1)}`, `${digit}${national.slice(1)}`);
  }
  return variants;
}

describe('line analyser', () => {
  test('accepts, rejects and normalises exactly as the plain libphonenumber calls do', () => {
    const seen = { valid: 0, invalid: 0 };
    for (const country of getCountries()) {
      const analyse = createLineAnalyser({ countryCode: country, defaultOperatorId: 1, operators: [] });
      for (const text of variantsOf(country)) {
        const plain = plainVerdict(text, country);
        const line = analyse(text);
        expect({ text, country, valid: line.valid, number: line.number }).toEqual({
          text,
          country,
          valid: plain.valid,
          number: plain.number,
        });
        if (!line.valid && plain.detail)
          expect(line).toMatchObject({ reason: 'notMobile', detail: plain.detail });
        seen[line.valid ? 'valid' : 'invalid']++;
      }
    }
    // Both sides of the verdict were really compared.
    expect(seen.valid).toBeGreaterThan(1000);
    expect(seen.invalid).toBeGreaterThan(1000);
  });
});
