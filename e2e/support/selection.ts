/** The plainest booking selection for a stay: two adults, no preferences, services or fund. */
export function plainSelection<T extends { houseId: number; startDate: string; endDate: string }>(stay: T) {
  return {
    ...stay,
    party: { adults: 2, child0002: 0, child0304: 0, child0512: 0, child1317: 0, pets: 0 },
    preferenceIds: [],
    services: [],
    cancellationFund: false,
  };
}
