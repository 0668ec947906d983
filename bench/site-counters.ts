/**
 * The site's own counters around a load phase, read from each instance's `/api/metrics` with the
 * operator token the bench starts it with: how the page store answered (hit, stored, rendered)
 * and how the partner cache answered reads (hit, stale, miss, fallback). They say why a phase
 * served what it did.
 */

export type Counters = ReadonlyMap<string, number>;

const COUNTED = ['page_cache_requests_total', 'partner_cache_reads_total'];

/** Sums the counted series over every instance, by name and the label that tells results apart. */
export async function readCounters(urls: readonly string[], token: string): Promise<Counters> {
  const sums = new Map<string, number>();
  await Promise.all(
    urls.map(async (url) => {
      const res = await fetch(`${url}/api/metrics`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      if (!res?.ok) return;
      for (const line of (await res.text()).split('\n')) {
        const match = /^(\w+)\{([^}]*)\} ([\d.e+-]+)$/.exec(line);
        if (!match || !COUNTED.includes(match[1]!)) continue;
        const result = /result="([^"]*)"/.exec(match[2]!)?.[1] ?? '';
        const name = `${match[1]!.startsWith('page') ? 'page store' : 'partner reads'} ${result}`;
        sums.set(name, (sums.get(name) ?? 0) + Number(match[3]));
      }
    }),
  );
  return sums;
}

/** What changed between two readings, as "name: count" parts, largest first. */
export function describeCounters(before: Counters, after: Counters): string {
  const parts: Array<[string, number]> = [];
  for (const [name, value] of after) {
    const delta = value - (before.get(name) ?? 0);
    if (delta > 0) parts.push([name, delta]);
  }
  const groups = new Map<string, string[]>();
  for (const [name, delta] of parts.sort((a, b) => b[1] - a[1])) {
    const [group, result] = [name.slice(0, name.lastIndexOf(' ')), name.slice(name.lastIndexOf(' ') + 1)];
    groups.set(group, [...(groups.get(group) ?? []), `${result} ${delta}`]);
  }
  return [...groups].map(([group, list]) => `${group}: ${list.join(', ')}`).join('; ');
}
