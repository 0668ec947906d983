import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from 'lighthouse';
import { figuresOf, medianRun, printLighthouse, type LighthouseFigures } from './lighthouse';

const home = { label: 'home', path: '/en', indexable: true };

/** The parts of a Lighthouse result the bench reads, as Lighthouse 12 writes them. */
function result(
  performance: number,
  benchmarkIndex: number,
  mainThread: ReadonlyArray<readonly [string, number]> = [],
): Result {
  const category = (score: number) => ({ score, auditRefs: [] });
  return {
    requestedUrl: 'http://127.0.0.1/en',
    finalDisplayedUrl: 'http://127.0.0.1/en',
    environment: { benchmarkIndex, networkUserAgent: '', hostUserAgent: '', credits: {} },
    categories: {
      performance: category(performance / 100),
      accessibility: category(1),
      'best-practices': category(1),
      seo: category(1),
    },
    audits: {
      'largest-contentful-paint': { numericValue: 1800 },
      'total-blocking-time': { numericValue: 250 },
      'cumulative-layout-shift': { numericValue: 0 },
      'mainthread-work-breakdown': {
        details: {
          type: 'table',
          items: mainThread.map(([group, duration]) => ({ group, groupLabel: group, duration })),
        },
      },
    },
  } as unknown as Result;
}

describe('bench Lighthouse figures', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the CPU benchmark index Lighthouse measured on the machine before the run', () => {
    const figures = figuresOf(home, result(91, 1656.5));
    expect(figures.performance).toBe(91);
    expect(figures.benchmarkIndex).toBe(1656.5);
  });

  it('reports the median run by performance with every run score and benchmark index beside it', () => {
    const runs: LighthouseFigures[] = [
      figuresOf(home, result(80, 2500)),
      { page: home, error: 'no trace' },
      figuresOf(home, result(95, 1700)),
      figuresOf(home, result(88, 2100)),
    ];
    const median = medianRun(runs);
    expect(median.performance).toBe(88);
    expect(median.benchmarkIndex).toBe(2100);
    expect(median.allPerformance).toEqual([80, 95, 88]);
    expect(median.allBenchmarkIndex).toEqual([2500, 1700, 2100]);
  });

  it('prints the benchmark index of the shown run and the range of every run, so two benches can be compared', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    printLighthouse([medianRun([figuresOf(home, result(80, 2500)), figuresOf(home, result(90, 1700))])], 2);
    const row = (name: string) => lines.find((l) => l.startsWith(name));
    expect(row('host CPU benchmark index')).toMatch(/ 2500$/);
    expect(row('  lowest to highest of the runs')).toMatch(/ 1700-2500$/);
  });

  it('prints where the main thread spent the shown run, by kind of work, beside the reference page', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const site = figuresOf(
      home,
      result(78, 2400, [
        ['styleLayout', 640.5],
        ['scriptEvaluation', 400],
        ['other', 900],
      ]),
    );
    const reference = figuresOf(
      { label: 'bare Next.js', path: '/', indexable: true, reference: true },
      result(85, 2400, [
        ['styleLayout', 60],
        ['scriptEvaluation', 380],
        ['other', 700],
      ]),
    );
    expect(site.mainThread).toEqual({ styleLayout: 640.5, scriptEvaluation: 400, other: 900 });
    printLighthouse([site, reference], 1);
    const row = (name: string) => lines.find((l) => l.startsWith(name));
    expect(row('main thread, all work (ms)')).toMatch(/ 1941 +1140$/);
    expect(row('  style and layout')).toMatch(/ 641 +60$/);
    expect(row('  script evaluation')).toMatch(/ 400 +380$/);
    expect(row('  garbage collection')).toMatch(/ 0 +0$/);
  });

  it('prints no main-thread figures for a run whose result has no breakdown', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const figures = figuresOf(home, { ...result(90, 2000), audits: {} } as unknown as Result);
    expect(figures.mainThread).toBeUndefined();
    printLighthouse([figures], 1);
    expect(lines.find((l) => l.startsWith('main thread, all work (ms)'))).toMatch(/ -$/);
  });
});
