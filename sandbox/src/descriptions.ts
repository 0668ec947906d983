/**
 * House and park texts in the four languages, composed from a few templates so that every
 * house reads naturally and differs from its neighbours. Grammar (plurals, cases) is handled per
 * language instead of by string concatenation, so the site can show these texts unedited.
 */
import type { FacilityDef, ParkDef, Season, StayRule } from './park-data';
import { LANGS, type Lang } from './i18n';

export interface HouseDescriptions {
  readonly location: string;
  readonly interior: string;
  readonly surroundings: string;
  readonly parkConditions: string;
}

export interface DescriptionInput {
  readonly name: Readonly<Record<Lang, string>>;
  readonly capacity: number;
  readonly bedrooms: number;
  readonly bathrooms: number;
  readonly surfaceM2: number;
  readonly maxPets: number;
  readonly parkingSpaces: number;
  readonly park: ParkDef;
  readonly facilities: readonly FacilityDef[];
  readonly availableFeatures: ReadonlySet<string>;
  /** Picks the template variants, so neighbours read differently. */
  readonly variant: number;
}

const SPOTS: Record<Lang, readonly string[]> = {
  NL: [
    'rustig aan de rand van het bos',
    'op loopafstand van het centrale plein',
    'aan een autovrij laantje',
    'op een ruime kavel met veel privacy',
    'vlak aan het water',
  ],
  EN: [
    'quietly at the edge of the woods',
    'within walking distance of the central square',
    'on a car-free lane',
    'on a spacious plot with plenty of privacy',
    'right by the water',
  ],
  DE: [
    'ruhig am Waldrand',
    'nur wenige Gehminuten vom zentralen Platz entfernt',
    'an einem autofreien Weg',
    'auf einem großzügigen Grundstück mit viel Privatsphäre',
    'direkt am Wasser',
  ],
  FR: [
    'au calme, en lisière de forêt',
    'à quelques pas de la place centrale',
    'dans une allée sans voitures',
    'sur un vaste terrain offrant beaucoup d’intimité',
    'au bord de l’eau',
  ],
};

const LIVING: Record<Lang, readonly string[]> = {
  NL: [
    'De lichte woonkamer heeft een open keuken en grote ramen met uitzicht op het groen.',
    'In de woonkamer staat een comfortabele zithoek naast de volledig ingerichte keuken.',
    'De open keuken en de woonkamer vormen samen een gezellige ruimte voor het hele gezelschap.',
  ],
  EN: [
    'The bright living room has an open kitchen and large windows looking out onto greenery.',
    'The living room has a comfortable seating area next to the fully equipped kitchen.',
    'The open kitchen and living room form one cosy space for the whole party.',
  ],
  DE: [
    'Das helle Wohnzimmer hat eine offene Küche und große Fenster mit Blick ins Grüne.',
    'Im Wohnzimmer steht eine gemütliche Sitzecke neben der voll ausgestatteten Küche.',
    'Offene Küche und Wohnzimmer bilden einen gemütlichen Raum für die ganze Gruppe.',
  ],
  FR: [
    'Le séjour lumineux dispose d’une cuisine ouverte et de grandes baies donnant sur la verdure.',
    'Le séjour offre un coin salon confortable à côté de la cuisine entièrement équipée.',
    'La cuisine ouverte et le séjour forment un espace chaleureux pour tout le groupe.',
  ],
};

const FEATURE_LINES: Record<Lang, Readonly<Record<string, string>>> = {
  NL: {
    sauna: 'Na een dag buiten ontspan je in de eigen sauna.',
    fireplace: 'Op koele avonden steek je de open haard aan.',
    'hot-tub': 'In de tuin wacht een hottub.',
    bathtub: 'De badkamer heeft een ligbad.',
  },
  EN: {
    sauna: 'After a day outdoors, unwind in the private sauna.',
    fireplace: 'On cool evenings you can light the fireplace.',
    'hot-tub': 'A hot tub awaits in the garden.',
    bathtub: 'The bathroom has a bathtub.',
  },
  DE: {
    sauna: 'Nach einem Tag draußen entspannen Sie in der eigenen Sauna.',
    fireplace: 'An kühlen Abenden zünden Sie den Kamin an.',
    'hot-tub': 'Im Garten wartet ein Whirlpool.',
    bathtub: 'Das Badezimmer hat eine Badewanne.',
  },
  FR: {
    sauna: 'Après une journée dehors, détendez-vous dans le sauna privé.',
    fireplace: 'Les soirs frais, vous pouvez allumer la cheminée.',
    'hot-tub': 'Un bain nordique vous attend dans le jardin.',
    bathtub: 'La salle de bain est équipée d’une baignoire.',
  },
};

const DAY_NAMES: Record<Lang, readonly string[]> = {
  NL: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  EN: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  DE: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
  FR: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
};

const AND: Record<Lang, string> = { NL: 'en', EN: 'and', DE: 'und', FR: 'et' };

function list(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${AND[lang]} ${items[items.length - 1]}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function parkingLine(lang: Lang, n: number): string {
  const lines: Record<Lang, [string, string, string]> = {
    NL: [
      'Auto’s blijven op het centrale parkeerterrein bij de receptie.',
      'Je parkeert de auto direct bij de woning.',
      `Er is plek voor ${n} auto’s direct bij de woning.`,
    ],
    EN: [
      'Cars stay in the central car park by the reception.',
      'You park your car right next to the house.',
      `There is room for ${n} cars right next to the house.`,
    ],
    DE: [
      'Autos bleiben auf dem zentralen Parkplatz an der Rezeption.',
      'Ihr Auto parken Sie direkt am Haus.',
      `Direkt am Haus ist Platz für ${n} Autos.`,
    ],
    FR: [
      'Les voitures restent sur le parking central, près de l’accueil.',
      'Vous garez votre voiture juste à côté de la maison.',
      `${n} voitures peuvent se garer juste à côté de la maison.`,
    ],
  };
  return lines[lang][Math.min(n, 2)] ?? '';
}

function rooms(lang: Lang, d: DescriptionInput): string {
  const { bedrooms: b, bathrooms: w, surfaceM2: s, capacity: c } = d;
  switch (lang) {
    case 'NL':
      return `Met ${plural(b, 'slaapkamer', 'slaapkamers')} en ${plural(w, 'badkamer', 'badkamers')} op ${s} m² biedt deze woning plaats aan ${c} personen.`;
    case 'EN':
      return `With ${plural(b, 'bedroom', 'bedrooms')} and ${plural(w, 'bathroom', 'bathrooms')} across ${s} m², this home sleeps ${c}.`;
    case 'DE':
      return `Mit ${plural(b, 'Schlafzimmer', 'Schlafzimmern')} und ${plural(w, 'Badezimmer', 'Badezimmern')} auf ${s} m² bietet das Haus Platz für ${c} Personen.`;
    case 'FR':
      return `Avec ${plural(b, 'chambre', 'chambres')} et ${plural(w, 'salle de bain', 'salles de bain')} sur ${s} m², ce logement accueille ${c} personnes.`;
  }
}

function ruleText(lang: Lang, rule: StayRule): string {
  const days =
    rule.arrivalDays.length === 7
      ? { NL: 'elke dag', EN: 'any day', DE: 'täglich', FR: 'tous les jours' }[lang]
      : list(
          rule.arrivalDays.map((d) => DAY_NAMES[lang][d] ?? ''),
          lang,
        );
  const min = {
    NL: `minimaal ${rule.minNights} nachten`,
    EN: `at least ${rule.minNights} nights`,
    DE: `mindestens ${rule.minNights} Nächte`,
    FR: `${rule.minNights} nuits minimum`,
  }[lang];
  return `${days} (${min})`;
}

/** The park's own conditions: check-in times, arrival days and minimum stays per season. */
export function parkConditionsText(park: ParkDef, lang: Lang): string {
  const r = (s: Season) => ruleText(lang, park.rules[s]);
  switch (lang) {
    case 'NL':
      return `Inchecken vanaf 15:00, uitchecken vóór 10:00. Aankomst buiten de zomer: ${r('low')}. In juli en augustus: ${r('high')}. Van 18 december tot en met 5 januari: ${r('christmas')}. Tussen 22:00 en 07:00 geldt nachtrust.`;
    case 'EN':
      return `Check-in from 3 pm, check-out by 10 am. Arrivals outside the summer: ${r('low')}. In July and August: ${r('high')}. From 18 December to 5 January: ${r('christmas')}. Quiet hours are from 10 pm to 7 am.`;
    case 'DE':
      return `Anreise ab 15 Uhr, Abreise bis 10 Uhr. Anreise außerhalb des Sommers: ${r('low')}. Im Juli und August: ${r('high')}. Vom 18. Dezember bis 5. Januar: ${r('christmas')}. Nachtruhe gilt von 22 bis 7 Uhr.`;
    case 'FR':
      return `Arrivée à partir de 15 h, départ avant 10 h. Arrivées hors été : ${r('low')}. En juillet et août : ${r('high')}. Du 18 décembre au 5 janvier : ${r('christmas')}. Le silence est de rigueur de 22 h à 7 h.`;
  }
}

function petsLine(lang: Lang, maxPets: number): string {
  if (maxPets === 0) {
    return {
      NL: 'Huisdieren zijn niet toegestaan.',
      EN: 'Pets are not allowed.',
      DE: 'Haustiere sind nicht erlaubt.',
      FR: 'Les animaux ne sont pas admis.',
    }[lang];
  }
  return {
    NL: `Maximaal ${plural(maxPets, 'huisdier', 'huisdieren')} toegestaan, alleen in de daarvoor aangewezen woningen.`,
    EN: `Up to ${plural(maxPets, 'pet', 'pets')} allowed, in designated units only.`,
    DE: `Bis zu ${plural(maxPets, 'Haustier', 'Haustiere')} erlaubt, nur in dafür vorgesehenen Einheiten.`,
    FR: `Jusqu’à ${plural(maxPets, 'animal', 'animaux')} admis, uniquement dans les logements prévus à cet effet.`,
  }[lang];
}

function describeOne(lang: Lang, d: DescriptionInput): HouseDescriptions {
  const spots = SPOTS[lang];
  const spot = spots[d.variant % (d.park.water ? spots.length : spots.length - 1)] ?? '';
  const name = d.name[lang];
  const at = d.park.at[lang];
  const location = {
    NL: `${name} ligt ${spot} ${at}, ${d.park.region.NL}.`,
    EN: `${name} lies ${spot} ${at}, ${d.park.region.EN}.`,
    DE: `${name} liegt ${spot} ${at}, ${d.park.region.DE}.`,
    FR: `${name} se trouve ${spot}, ${at}, ${d.park.region.FR}.`,
  }[lang];
  const featureLines = ['sauna', 'hot-tub', 'fireplace', 'bathtub']
    .filter((k) => d.availableFeatures.has(k))
    .slice(0, 2)
    .map((k) => FEATURE_LINES[lang][k] ?? '');
  const living = LIVING[lang][d.variant % LIVING[lang].length] ?? '';
  const facilityNames = d.facilities.map((f) => (lang === 'DE' ? f.name.DE : f.name[lang].toLowerCase()));
  const around = d.park.surroundings[lang];
  const surroundings = {
    NL: `Vanuit het park verken je ${around}. Voorzieningen op het park: ${list(facilityNames, lang)}.`,
    EN: `From the park you can explore ${around}. Park facilities: ${list(facilityNames, lang)}.`,
    DE: `Vom Park aus erkunden Sie ${around}. Einrichtungen im Park: ${list(facilityNames, lang)}.`,
    FR: `Depuis le parc, partez à la découverte de ${around}. Équipements du parc : ${list(facilityNames, lang)}.`,
  }[lang];
  return {
    location: `${location} ${parkingLine(lang, d.parkingSpaces)}`,
    interior: [rooms(lang, d), living, ...featureLines].join(' '),
    surroundings,
    parkConditions: `${parkConditionsText(d.park, lang)} ${petsLine(lang, d.maxPets)}`,
  };
}

export function describeHouse(d: DescriptionInput): Readonly<Record<Lang, HouseDescriptions>> {
  const out = {} as Record<Lang, HouseDescriptions>;
  for (const lang of LANGS) out[lang] = describeOne(lang, d);
  return out;
}
