import 'server-only';
import { deepFreeze } from '@/lib/upstream/deep-freeze';

/**
 * A cached partner answer mapped to the site's types once, not once per read. The in-process
 * store hands every read of an entry the same decoded answer until the entry is written again
 * (lib/upstream/memory-store.ts), and a page reads the same answers many times a second and
 * twice per render (its metadata and its body). Keyed by the answer object, so a new answer (a
 * refresh, another instance's store) is mapped anew and the old mapping goes with the old answer.
 * The result is shared by every request and so frozen. `variant` names what else the mapping
 * reads (the dates asked for): one answer, one mapping per variant.
 */
const mapped = new WeakMap<object, Map<string, unknown>>();

export function mapOnce<R, T>(raw: R, variant: string, map: (raw: R) => T): T {
  if (typeof raw !== 'object' || raw === null) return map(raw);
  let variants = mapped.get(raw);
  if (!variants) {
    variants = new Map();
    mapped.set(raw, variants);
  }
  if (variants.has(variant)) return variants.get(variant) as T;
  const result = deepFreeze(map(raw));
  variants.set(variant, result);
  return result;
}
