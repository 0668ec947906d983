import { isPetFreeKeyword } from '@/lib/booking/preferences';
import type { PartnerProfile } from '@/lib/partner-api/profile';
import { markPetFree } from '@/lib/partner-api/profile-wire';
import type { HouseDetails } from '@/lib/partner-api/schemas';
import type { CheckRun } from './run';
import type { PetFreeReport } from './types';

/**
 * Whether the site can tell the partner's pet-free preference: it refuses pets together with it
 * only when a preference is marked pet-free, which the profile's petFreeKeywords decide (see
 * markPetFree). The house page's preferences show the keywords the partner uses.
 */

/** Whether a profile entry itself names the keyword, not only the site's built-in one (which always applies). */
function entryNames(keyword: string, entry: string): boolean {
  return isPetFreeKeyword(keyword, entry) && (!isPetFreeKeyword(keyword) || isPetFreeKeyword(entry));
}

function quoteList(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(', ');
}

/** Reports the preferences of the checked house that the profile marks pet-free; warns when none is. */
export function checkPetFreeKeywords(
  run: CheckRun,
  profile: Pick<PartnerProfile, 'petFreeKeywords'>,
  houseId: number | undefined,
  details: HouseDetails | undefined,
): PetFreeReport {
  const keywords = [...profile.petFreeKeywords];
  const report: PetFreeReport = { checked: false, keywords, matches: [], builtIn: [], seen: [] };
  if (houseId === undefined || details === undefined) return report;
  report.checked = true;
  report.houseId = houseId;
  const preferences = (details.preferences ?? []).map(
    (p): { name: string | null; keyword?: string; petFree?: true } => ({
      name: p.serviceName ?? null,
      ...(p.keyword ? { keyword: p.keyword } : {}),
    }),
  );
  report.seen = preferences.map((p) => ({ name: p.name, keyword: p.keyword ?? null }));
  if (preferences.length === 0) {
    report.note = `house ${houseId} lists no preferences`;
    return report;
  }

  // The site's own rule decides what is marked; the entries tell which keyword of the profile did it.
  for (const marked of markPetFree(preferences, profile)) {
    if (!marked.petFree || marked.keyword === undefined) continue;
    const entry = keywords.find((k) => entryNames(marked.keyword!, k));
    if (entry !== undefined) report.matches.push({ name: marked.name, keyword: marked.keyword, entry });
    else report.builtIn.push({ name: marked.name, keyword: marked.keyword });
  }
  if (report.matches.length > 0) return report;
  if (details.numberOfPets?.value === 0) {
    // A house that takes no pets has no pet-free choice to offer: its list proves nothing.
    report.note = `house ${houseId} takes no pets, so its preferences need no pet-free one`;
    return report;
  }

  const seen = report.seen
    .map((p) => (p.name ? `${p.keyword ?? '(no keyword)'} (${p.name})` : (p.keyword ?? '(no keyword)')))
    .join(', ');
  const builtIn = report.builtIn[0];
  run.warnings.push(
    builtIn
      ? `petFreeKeywords (${quoteList(keywords)}) matches no preference of house ${houseId}; only the site's built-in keyword marks "${builtIn.name ?? builtIn.keyword}" (keyword "${builtIn.keyword}") pet-free: add the partner's keyword to petFreeKeywords. The house's preference keywords: ${seen}`
      : `petFreeKeywords (${quoteList(keywords)}) matches no preference of house ${houseId}, so the site cannot refuse pets together with a pet-free preference. The house's preference keywords: ${seen}`,
  );
  return report;
}
