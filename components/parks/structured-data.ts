/**
 * schema.org data for a park page: the park as a lodging business with its facilities, and its
 * houses as the accommodations it contains, each linking to its own page (where the house's
 * own structured data carries the details). The partner sends no park address, so none is given.
 */
import type { Park } from '@/lib/booking/types';

export interface ParkStructuredHouse {
  name: string;
  url: string;
  picture?: string | null | undefined;
}

export interface ParkStructuredDataInput {
  park: Park;
  /** The park's name as the page shows it (the partner may send none). */
  name: string;
  url: string;
  description?: string | undefined;
  houses: readonly ParkStructuredHouse[];
}

export function buildParkStructuredData({ park, name, url, description, houses }: ParkStructuredDataInput) {
  const pictures = houses.flatMap((house) => (house.picture ? [house.picture] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    name,
    url,
    ...(description ? { description } : {}),
    ...(pictures.length > 0 ? { image: pictures.slice(0, 5) } : {}),
    ...(park.facilities.length > 0
      ? {
          amenityFeature: park.facilities.map((facility) => ({
            '@type': 'LocationFeatureSpecification',
            name: facility.name,
            value: true,
          })),
        }
      : {}),
    ...(houses.length > 0
      ? {
          containsPlace: houses.map((house) => ({
            '@type': 'Accommodation',
            name: house.name,
            url: house.url,
            ...(house.picture ? { image: house.picture } : {}),
          })),
        }
      : {}),
  };
}
