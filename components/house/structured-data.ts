/**
 * schema.org data for a house page: the accommodation with its facts, and an offer when a
 * price is known (the chosen stay, or the partner's default stay).
 */
import type { HouseDetail, HousePrice, Park } from '@/lib/booking/types';

export interface StructuredDataInput {
  house: HouseDetail;
  url: string;
  park?: Park | undefined;
  price?: HousePrice | undefined;
  bookingUrl?: string | undefined;
}

function factValue(house: HouseDetail, key: string): number | string | undefined {
  return house.facts.find((fact) => fact.key === key)?.value;
}

/** "85 m²" → 85; anything else is left out rather than guessed. */
export function parseSquareMetres(surface: number | string | undefined): number | undefined {
  if (typeof surface === 'number') return surface > 0 ? surface : undefined;
  const match = surface?.match(/^\s*(\d+(?:[.,]\d+)?)\s*(?:m²|m2|sq\.?\s*m)\s*$/i);
  return match?.[1] ? Number(match[1].replace(',', '.')) : undefined;
}

export function buildHouseStructuredData({ house, url, park, price, bookingUrl }: StructuredDataInput) {
  const bedrooms = factValue(house, 'bedrooms');
  const bathrooms = factValue(house, 'bathrooms');
  const area = parseSquareMetres(factValue(house, 'surface'));
  const description = house.descriptions.interior || house.descriptions.location;
  return {
    '@context': 'https://schema.org',
    '@type': ['Accommodation', 'Product'],
    name: house.name,
    url,
    ...(description ? { description } : {}),
    ...(house.pictures.length > 0 ? { image: house.pictures.map((p) => p.url) } : {}),
    ...(house.persons !== null ? { occupancy: { '@type': 'QuantitativeValue', maxValue: house.persons } } : {}),
    ...(typeof bedrooms === 'number' ? { numberOfBedrooms: bedrooms } : {}),
    ...(typeof bathrooms === 'number' ? { numberOfBathroomsTotal: bathrooms } : {}),
    ...(area !== undefined ? { floorSize: { '@type': 'QuantitativeValue', value: area, unitCode: 'MTK' } } : {}),
    petsAllowed: house.maxPets > 0,
    ...(house.features.length > 0
      ? {
          amenityFeature: house.features.map((feature) => ({
            '@type': 'LocationFeatureSpecification',
            name: feature.name,
            value: feature.available,
          })),
        }
      : {}),
    ...(park ? { containedInPlace: { '@type': 'Place', name: park.name } } : {}),
    ...(price
      ? {
          offers: {
            '@type': 'Offer',
            price: (price.discounted ?? price.full).toFixed(2),
            priceCurrency: price.currency,
            availability: 'https://schema.org/InStock',
            url: bookingUrl ?? url,
            validFrom: price.startDate,
            eligibleDuration: { '@type': 'QuantitativeValue', value: price.nights, unitCode: 'DAY' },
          },
        }
      : {}),
  };
}
