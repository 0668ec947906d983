import { describe, expect, it } from 'vitest';
import { processSingleton, replaceProcessSingleton } from './process-singleton';

describe('processSingleton', () => {
  it('makes the value once and gives every caller the same one', () => {
    let made = 0;
    const a = processSingleton('test.once', () => ({ n: ++made }));
    const b = processSingleton('test.once', () => ({ n: ++made }));
    expect(a).toBe(b);
    expect(made).toBe(1);
  });

  it('is found by another copy of the module through the registered symbol', () => {
    const value = processSingleton('test.shared', () => ({}));
    expect(
      (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('partner-booking-site.test.shared')],
    ).toBe(value);
  });

  it('makes a new value after it was replaced with undefined', () => {
    const first = processSingleton('test.replace', () => ({}));
    replaceProcessSingleton('test.replace', undefined);
    expect(processSingleton('test.replace', () => ({}))).not.toBe(first);
  });
});
