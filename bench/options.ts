/**
 * What one `npm run bench` measures and for how long, from its flags and environment:
 *
 * - `--quick` (or BENCH_QUICK=1): every phase shortened (5 s loads, 30 s warm-up, 3 s
 *   comparisons, one Lighthouse run per page), to check the whole bench works in a few minutes;
 *   its figures are not the site's.
 * - `--only=<phase>,…` (or BENCH_ONLY): run a subset of PHASES; the final table marks the targets
 *   of the other phases "not run".
 */

export const PHASES = [
  'cold',
  'steady',
  'steady1',
  'cacheoff',
  'compare',
  'campaign',
  'shared',
  'calendar',
  'lighthouse',
  'render',
] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchOptions {
  readonly quick: boolean;
  readonly phases: ReadonlySet<Phase>;
  /** Seconds per timed load phase. */
  readonly duration: number;
  readonly connections: number;
  readonly instances: number;
  /** Longest warm-up, seconds. */
  readonly warmup: number;
  /** Seconds per autocannon measurement in the site/bare comparison (four per answer). */
  readonly compareDuration: number;
  /** Accept-Encoding sent by every comparison request, to the site and to the bare server alike. */
  readonly acceptEncoding: string;
  /** Lighthouse runs per page; the run with the median performance score is reported. */
  readonly lighthouseRuns: number;
  /** Seconds per render-phase load (two rounds each of search, house and the reference page). */
  readonly renderDuration: number;
}

export const clamp = (value: number, min: number, max: number) =>
  Math.min(Math.max(Number.isFinite(value) ? value : min, min), max);

function flagValue(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

export function parsePhases(list: string | undefined): Set<Phase> {
  if (list === undefined || list.trim() === '') return new Set(PHASES);
  const phases = new Set<Phase>();
  for (const name of list.split(',').map((part) => part.trim().toLowerCase())) {
    if (name === '') continue;
    const phase = PHASES.find((p) => p === name);
    if (!phase) throw new Error(`unknown bench phase "${name}": use ${PHASES.join(', ')}`);
    phases.add(phase);
  }
  return phases;
}

export function readOptions(argv: readonly string[], env: Record<string, string | undefined>): BenchOptions {
  const unknown = argv.filter((arg) => arg !== '--quick' && !arg.startsWith('--only='));
  if (unknown.length > 0)
    throw new Error(`unknown bench argument ${unknown.join(' ')}: use --quick and --only=…`);
  const quick = argv.includes('--quick') || env.BENCH_QUICK === '1';
  const number = (name: string, quickValue: number, fullValue: number) =>
    Number(env[name] ?? (quick ? quickValue : fullValue));
  return {
    quick,
    phases: parsePhases(flagValue(argv, 'only') ?? env.BENCH_ONLY),
    duration: clamp(number('BENCH_DURATION', 5, 60), 3, 300),
    connections: clamp(Number(env.BENCH_CONNECTIONS ?? 16), 1, 64),
    instances: clamp(Math.floor(Number(env.BENCH_INSTANCES ?? 2)), 1, 4),
    warmup: clamp(number('BENCH_WARMUP', 30, 300), 0, 900),
    compareDuration: clamp(number('BENCH_COMPARE_DURATION', 3, 8), 2, 60),
    acceptEncoding: env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
    lighthouseRuns: clamp(Math.floor(number('BENCH_LIGHTHOUSE_RUNS', 1, 5)), 1, 5),
    renderDuration: clamp(number('BENCH_RENDER_DURATION', 3, 10), 2, 120),
  };
}
