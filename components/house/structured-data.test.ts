import { describe, expect, it } from 'vitest';
import type { HouseDetail } from '@/lib/booking/types';
import { scriptJson } from '@/lib/script-json';
import { buildHouseStructuredData, parseSquareMetres } from './structured-data';

const house: HouseDetail = {
  id: 1001,
  name: 'Bungalow Eikenhoek 5',
  persons: 5,
  maxPets: 2,
  facts: [
    { key: 'bedrooms', label: 'Bedrooms', value: 3 },
    { key: 'bathrooms', label: 'Bathrooms', value: 1 },
    { key: 'surface', label: 'Surface area', value: '70 m²' },
  ],
  descriptions: { location: 'By the dunes.', interior: 'Cosy.', surroundings: '', parkConditions: '' },
  pictures: [{ url: 'https://img.example/1.png', thumbnail: 'https://img.example/1-t.png' }],
  virtualTourLink: null,
  mandatoryServices: [],
  optionalServices: [],
  preferences: [],
  features: [{ keyword: 'sauna', name: 'Sauna', available: true }],
  availableStartDates: [],
  availableEndDates: [],
  selectedPeriod: null,
};

describe('buildHouseStructuredData', () => {
  it('describes the accommodation with its facts', () => {
    const data = buildHouseStructuredData({ house, url: 'https://site.example/en/houses/1001' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': ['Accommodation', 'Product'],
      name: 'Bungalow Eikenhoek 5',
      description: 'Cosy.',
      image: ['https://img.example/1.png'],
      occupancy: { '@type': 'QuantitativeValue', maxValue: 5 },
      numberOfBedrooms: 3,
      numberOfBathroomsTotal: 1,
      floorSize: { value: 70, unitCode: 'MTK' },
      petsAllowed: true,
      amenityFeature: [{ '@type': 'LocationFeatureSpecification', name: 'Sauna', value: true }],
    });
    expect(data).not.toHaveProperty('offers');
  });

  it('adds an offer with the price the guest pays', () => {
    const data = buildHouseStructuredData({
      house,
      url: 'https://site.example/en/houses/1001',
      bookingUrl: 'https://site.example/en/book/1001?x',
      price: { startDate: '2026-07-03', endDate: '2026-07-06', full: 500, discounted: 450.5, nights: 3, perNight: 150.17, currency: 'EUR' },
    });
    expect(data.offers).toEqual({
      '@type': 'Offer',
      price: '450.50',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'https://site.example/en/book/1001?x',
      validFrom: '2026-07-03',
      eligibleDuration: { '@type': 'QuantitativeValue', value: 3, unitCode: 'DAY' },
    });
  });
});

describe('helpers', () => {
  it('reads square metres only from a plain surface', () => {
    expect(parseSquareMetres('85 m²')).toBe(85);
    expect(parseSquareMetres('72,5 m2')).toBe(72.5);
    expect(parseSquareMetres('large')).toBeUndefined();
    expect(parseSquareMetres(undefined)).toBeUndefined();
  });

  it('cannot close the script element it is written into', () => {
    expect(scriptJson({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
