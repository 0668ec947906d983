import { describe, expect, it } from 'vitest';
import { PHASES, readOptions } from './options';

describe('bench options', () => {
  it('runs every phase for the full durations when given no flags', () => {
    const options = readOptions([], {});
    expect([...options.phases]).toEqual([...PHASES]);
    expect(options.quick).toBe(false);
    expect(options.duration).toBe(60);
    expect(options.warmup).toBe(300);
  });

  it('runs Lighthouse five times per page in a full run (a single run moves by up to 10 points, a median of three by up to 6), once with --quick', () => {
    expect(readOptions([], {}).lighthouseRuns).toBe(5);
    expect(readOptions(['--quick'], {}).lighthouseRuns).toBe(1);
    expect(readOptions([], { BENCH_LIGHTHOUSE_RUNS: '3' }).lighthouseRuns).toBe(3);
  });

  it('shortens every phase with --quick or BENCH_QUICK=1, unless a duration is set explicitly', () => {
    for (const [argv, env] of [
      [['--quick'], {}],
      [[], { BENCH_QUICK: '1' }],
    ] as const) {
      const options = readOptions(argv, env);
      expect(options.quick).toBe(true);
      expect(options.duration).toBeLessThan(60);
      expect(options.warmup).toBeLessThan(300);
      expect(options.compareDuration).toBeLessThan(8);
      expect(options.renderDuration).toBeLessThan(readOptions([], {}).renderDuration);
    }
    expect(readOptions(['--quick'], { BENCH_DURATION: '20' }).duration).toBe(20);
  });

  it('runs only the phases named by --only, the flag winning over BENCH_ONLY', () => {
    expect([...readOptions(['--only=compare, lighthouse'], {}).phases]).toEqual(['compare', 'lighthouse']);
    expect([...readOptions([], { BENCH_ONLY: 'steady1' }).phases]).toEqual(['steady1']);
    expect([...readOptions(['--only=cold'], { BENCH_ONLY: 'steady1' }).phases]).toEqual(['cold']);
    expect([...readOptions(['--only=render'], {}).phases]).toEqual(['render']);
  });

  it('refuses an unknown phase or argument instead of silently measuring something else', () => {
    expect(() => readOptions(['--only=compare,lighthose'], {})).toThrow(/lighthose/);
    expect(() => readOptions(['--quik'], {})).toThrow(/--quik/);
  });

  it('keeps every duration and count within bounds whatever the environment says', () => {
    const options = readOptions([], {
      BENCH_DURATION: '100000',
      BENCH_WARMUP: '-5',
      BENCH_CONNECTIONS: 'many',
      BENCH_LIGHTHOUSE_RUNS: '50',
      BENCH_RENDER_DURATION: '0',
    });
    expect(options.duration).toBe(300);
    expect(options.warmup).toBe(0);
    expect(options.connections).toBe(1);
    expect(options.lighthouseRuns).toBe(5);
    expect(options.renderDuration).toBe(2);
  });
});
