import { describe, expect, it } from 'vitest';
import { normalizePostcode } from './postcode';

describe('normalizePostcode', () => {
  it.each([
    ['1234 AB', 'NL', '1234 AB'],
    ['1234ab', 'NL', '1234 AB'],
    [' 1234  ab ', 'NL', '1234 AB'],
    ['1000', 'BE', '1000'],
    ['1010', 'AT', '1010'],
    ['8001', 'CH', '8001'],
    ['L-1234', 'LU', '1234'],
    ['1234', 'LU', '1234'],
    ['DK-2100', 'DK', '2100'],
    ['0150', 'NO', '0150'],
    ['10115', 'DE', '10115'],
    ['01067', 'DE', '01067'],
    ['75008', 'FR', '75008'],
    ['97400', 'FR', '97400'],
    ['00184', 'IT', '00184'],
    ['28013', 'ES', '28013'],
    ['114 55', 'SE', '114 55'],
    ['11455', 'SE', '114 55'],
    ['110 00', 'CZ', '110 00'],
    ['00-950', 'PL', '00-950'],
    ['00950', 'PL', '00-950'],
    ['1000-001', 'PT', '1000-001'],
    ['SW1A 1AA', 'GB', 'SW1A 1AA'],
    ['sw1a1aa', 'GB', 'SW1A 1AA'],
    ['M1 1AE', 'GB', 'M1 1AE'],
    ['EC1A 1BB', 'GB', 'EC1A 1BB'],
    ['GIR 0AA', 'GB', 'GIR 0AA'],
    ['D02 X285', 'IE', 'D02 X285'],
    ['d02x285', 'IE', 'D02 X285'],
    ['90210', 'US', '90210'],
    ['90210-1234', 'US', '90210-1234'],
    ['902101234', 'US', '90210-1234'],
    ['K1A 0B1', 'CA', 'K1A 0B1'],
    ['100-0001', 'JP', '100-0001'], // no country rule: the loose shape
    ['SE1', undefined, 'SE1'],
    ['C1425', 'AR', 'C1425'],
  ])('%j in %s → %j', (raw, country, expected) => {
    expect(normalizePostcode(raw, country)).toBe(expected);
  });

  it.each<[string, string | undefined]>([
    ['', 'NL'],
    ['1', undefined],
    ['12345678901', undefined],
    ['0123 AB', 'NL'],
    ['1234 SA', 'NL'],
    ['1234 A1', 'NL'],
    ['12345', 'NL'],
    ['0123', 'BE'],
    ['123', 'AT'],
    ['1234', 'DE'],
    ['00123', 'DE'],
    ['96000', 'FR'],
    ['53001', 'ES'],
    ['1234', 'SE'],
    ['00-95', 'PL'],
    ['QQ1 1AA', 'GB'],
    ['SW1A', 'GB'],
    ['B12 X285', 'IE'],
    ['9021', 'US'],
    ['D1A 0B1', 'CA'],
    ['-1234', undefined],
    ['1234-', undefined],
    ['12<34>', undefined],
    ['１２３４ AB', 'NL'],
  ])('rejects %j in %s', (raw, country) => {
    expect(normalizePostcode(raw, country)).toBeNull();
  });
});
