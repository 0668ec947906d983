import { describe, expect, it } from 'vitest';
import type { Park } from '@/lib/booking/types';
import { scriptJson } from '@/lib/script-json';
import { buildParkStructuredData } from './structured-data';

const PARK: Park = {
  id: 2,
  name: 'Duinpark',
  conditions: '',
  virtualTourLink: null,
  facilities: [{ id: 1, name: 'Pool', keyword: 'pool' }],
};

describe('buildParkStructuredData', () => {
  it('describes the park as a lodging business containing its houses, each linked to its page', () => {
    const data = buildParkStructuredData({
      park: PARK,
      name: 'Duinpark',
      url: 'https://site.example/en/parks/2',
      houses: [
        { name: 'Duinhuis', url: 'https://site.example/en/houses/10', picture: 'https://img.example/10.jpg' },
        { name: 'House 12', url: 'https://site.example/en/houses/12' },
      ],
    });
    expect(data).toMatchObject({
      '@type': 'LodgingBusiness',
      name: 'Duinpark',
      url: 'https://site.example/en/parks/2',
      image: ['https://img.example/10.jpg'],
      amenityFeature: [{ '@type': 'LocationFeatureSpecification', name: 'Pool', value: true }],
      containsPlace: [
        { '@type': 'Accommodation', name: 'Duinhuis', url: 'https://site.example/en/houses/10', image: 'https://img.example/10.jpg' },
        { '@type': 'Accommodation', name: 'House 12', url: 'https://site.example/en/houses/12' },
      ],
    });
  });

  it('leaves out what the partner did not send rather than empty values', () => {
    const data = buildParkStructuredData({ park: { ...PARK, facilities: [] }, name: 'P', url: 'https://s.example/', houses: [] });
    expect(Object.keys(data).sort()).toEqual(['@context', '@type', 'name', 'url']);
  });

  it('cannot close its script element through a park name', () => {
    const data = buildParkStructuredData({ park: PARK, name: '</script><script>alert(1)</script>', url: 'https://s.example/', houses: [] });
    expect(scriptJson(data)).not.toContain('</script>');
  });
});
