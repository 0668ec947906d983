import { CHILD_GROUPS, type Party, type PartyField } from '@/lib/booking/party';

/**
 * The party as one line ("2 adults, 1 baby, 1 teenager"): the adults, each age group present and
 * the pets, each counted by `count` with the site's one set of names (messages party.counts).
 */
export function describeParty(party: Party, count: (field: PartyField, value: number) => string): string {
  const parts = [count('adults', party.adults)];
  for (const group of CHILD_GROUPS) {
    if (party[group] > 0) parts.push(count(group, party[group]));
  }
  if (party.pets > 0) parts.push(count('pets', party.pets));
  return parts.join(', ');
}
