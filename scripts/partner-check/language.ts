import type { HouseDetails } from '@/lib/partner-api/schemas';
import type { CheckReport } from './types';

/** Whether the `language` header changes the texts a house page shows. */

/** The texts the `language` header should translate on a house page, in a stable order. */
function translatedTexts(house: HouseDetails): string[] {
  const facts = [house.nrPersons, house.bedrooms, house.bathrooms, house.numberOfBeds, house.numberOfPets];
  const services = [...(house.preferences ?? []), ...(house.mandatoryServices ?? [])];
  return [
    house.name,
    house.descriptionInterior,
    house.descriptionLocation,
    house.descriptionSurroundings,
    house.descriptionParkConditions,
    house.surface?.name,
    house.parkingLot?.name,
    ...facts.map((fact) => fact?.name),
    ...services.map((service) => service.serviceName),
    ...(house.features ?? []).map((feature) => feature.featureName),
  ].map((text) => (typeof text === 'string' ? text.trim() : ''));
}

export function languageNotCompared(): CheckReport['language'] {
  return {
    operation: 'houseDetails',
    languages: ['NL', 'EN'],
    changesTranslatedFields: null,
    differing: 0,
    compared: 0,
  };
}

/** The same house in NL and EN compared text by text. */
export function compareLanguages(nl: HouseDetails, en: HouseDetails): CheckReport['language'] {
  const language = languageNotCompared();
  const english = translatedTexts(en);
  const pairs = translatedTexts(nl)
    .map((text, i) => [text, english[i] ?? ''] as const)
    .filter(([a, b]) => a !== '' || b !== '');
  language.compared = pairs.length;
  language.differing = pairs.filter(([a, b]) => a !== b).length;
  language.changesTranslatedFields = pairs.length === 0 ? null : language.differing > 0;
  return language;
}
