/**
 * The parks of the seeded catalogue with their booking rules and facilities. Ids are stable
 * across seeds so that tests and docs can name them.
 */
import { text, type Text } from './i18n';

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const ALL_DAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

export type Season = 'low' | 'mid' | 'high' | 'christmas';

export interface StayRule {
  readonly arrivalDays: readonly Weekday[];
  readonly minNights: number;
}

export interface ParkDef {
  readonly id: number;
  readonly letter: string;
  readonly kind: Text;
  readonly properName: string;
  /** "at <park>" with the right article and preposition per language. */
  readonly at: Text;
  /** Region with its preposition, e.g. "on the Veluwe in Gelderland". */
  readonly region: Text;
  readonly country: 'NL' | 'BE' | 'DE';
  readonly touristTaxCents: number;
  readonly water: boolean;
  readonly rules: Readonly<Record<Season, StayRule>>;
  readonly facilityIds: readonly number[];
  readonly surroundings: Text;
}

const any2: StayRule = { arrivalDays: ALL_DAYS, minNights: 2 };
const any3: StayRule = { arrivalDays: ALL_DAYS, minNights: 3 };

export const PARKS: readonly ParkDef[] = [
  {
    id: 1,
    letter: 'A',
    properName: 'De Veluwse Bossen',
    country: 'NL',
    touristTaxCents: 195,
    water: false,
    kind: text('Vakantiepark', 'Holiday park', 'Ferienpark', 'Parc de vacances'),
    at: text(
      'op vakantiepark De Veluwse Bossen',
      'at De Veluwse Bossen holiday park',
      'im Ferienpark De Veluwse Bossen',
      'au parc de vacances De Veluwse Bossen',
    ),
    region: text(
      'op de Veluwe in Gelderland',
      'on the Veluwe in Gelderland',
      'in der Veluwe in Gelderland',
      'sur la Veluwe, en Gueldre',
    ),
    surroundings: text(
      'uitgestrekte bossen, heidevelden en het Nationaal Park De Hoge Veluwe',
      'vast forests, heathland and the Hoge Veluwe National Park',
      'weite Wälder, Heideflächen und den Nationalpark De Hoge Veluwe',
      'de vastes forêts, des landes de bruyère et le parc national de la Haute-Veluwe',
    ),
    rules: { low: any2, mid: any2, high: any3, christmas: any3 },
    facilityIds: [1, 2, 3, 4, 6, 9],
  },
  {
    id: 2,
    letter: 'B',
    properName: 'Zeeuwse Duinen',
    country: 'NL',
    touristTaxCents: 260,
    water: true,
    kind: text('Strandpark', 'Beach park', 'Strandpark', 'Parc de plage'),
    at: text(
      'op strandpark Zeeuwse Duinen',
      'at Zeeuwse Duinen beach park',
      'im Strandpark Zeeuwse Duinen',
      'au parc de plage Zeeuwse Duinen',
    ),
    region: text(
      'aan de Zeeuwse kust',
      'on the Zeeland coast',
      'an der Küste von Zeeland',
      'sur la côte zélandaise',
    ),
    surroundings: text(
      'brede zandstranden, de duinen en gezellige vissersdorpjes',
      'wide sandy beaches, the dunes and cosy fishing villages',
      'breite Sandstrände, die Dünen und gemütliche Fischerdörfer',
      'de larges plages de sable, les dunes et de charmants villages de pêcheurs',
    ),
    rules: {
      low: { arrivalDays: [1, 5], minNights: 3 },
      mid: { arrivalDays: [1, 5], minNights: 3 },
      high: { arrivalDays: [5], minNights: 7 },
      christmas: { arrivalDays: [1, 5], minNights: 3 },
    },
    facilityIds: [1, 2, 3, 5, 7, 10],
  },
  {
    id: 3,
    letter: 'C',
    properName: 'Les Hautes Fagnes',
    country: 'BE',
    touristTaxCents: 150,
    water: false,
    kind: text('Vakantiedomein', 'Holiday estate', 'Feriendomäne', 'Domaine de vacances'),
    at: text(
      'op vakantiedomein Les Hautes Fagnes',
      'at the Les Hautes Fagnes holiday estate',
      'in der Feriendomäne Les Hautes Fagnes',
      'au domaine de vacances Les Hautes Fagnes',
    ),
    region: text(
      'in de Belgische Ardennen',
      'in the Belgian Ardennes',
      'in den belgischen Ardennen',
      'dans les Ardennes belges',
    ),
    surroundings: text(
      'de heuvels van de Ardennen, het hoogveen van de Hoge Venen en de stad Malmedy',
      'the Ardennes hills, the High Fens moorland and the town of Malmedy',
      'die Hügel der Ardennen, das Hochmoor des Hohen Venns und die Stadt Malmedy',
      'les collines ardennaises, les tourbières des Hautes Fagnes et la ville de Malmedy',
    ),
    rules: {
      low: { arrivalDays: [1, 5, 6], minNights: 2 },
      mid: { arrivalDays: [1, 5, 6], minNights: 2 },
      high: { arrivalDays: [6], minNights: 7 },
      christmas: any3,
    },
    facilityIds: [2, 4, 6, 8, 11],
  },
  {
    id: 4,
    letter: 'D',
    properName: 'Eifeler Seen',
    country: 'DE',
    touristTaxCents: 220,
    water: true,
    kind: text('Vakantiepark', 'Holiday park', 'Ferienpark', 'Parc de vacances'),
    at: text(
      'op vakantiepark Eifeler Seen',
      'at Eifeler Seen holiday park',
      'im Ferienpark Eifeler Seen',
      'au parc de vacances Eifeler Seen',
    ),
    region: text(
      'in de Vulkaneifel in Duitsland',
      'in the Volcanic Eifel in Germany',
      'in der Vulkaneifel',
      "dans l'Eifel volcanique, en Allemagne",
    ),
    surroundings: text(
      'de kratermeren, het Eifelsteig-wandelpad en de stad Daun',
      'the crater lakes, the Eifelsteig trail and the town of Daun',
      'die Maare, den Eifelsteig und die Stadt Daun',
      'les lacs de cratère, le sentier Eifelsteig et la ville de Daun',
    ),
    rules: {
      low: any2,
      mid: any2,
      high: { arrivalDays: [5, 6], minNights: 7 },
      christmas: any3,
    },
    facilityIds: [1, 3, 5, 7, 8, 9, 10],
  },
  {
    id: 5,
    letter: 'E',
    properName: 'Drentse Heide',
    country: 'NL',
    touristTaxCents: 175,
    water: false,
    kind: text('Recreatiepark', 'Leisure park', 'Erholungspark', 'Parc de loisirs'),
    at: text(
      'op recreatiepark Drentse Heide',
      'at Drentse Heide leisure park',
      'im Erholungspark Drentse Heide',
      'au parc de loisirs Drentse Heide',
    ),
    region: text(
      'in het Drentse Aa-gebied',
      'in the Drentsche Aa area of Drenthe',
      'im Gebiet der Drentsche Aa',
      'dans la région de la Drentsche Aa, en Drenthe',
    ),
    surroundings: text(
      'hunebedden, brinkdorpen en eindeloze fietsroutes',
      'dolmens, village greens and endless cycle routes',
      'Hünengräber, Angerdörfer und endlose Radwege',
      "des dolmens, des villages à place centrale et d'innombrables pistes cyclables",
    ),
    rules: {
      low: any2,
      mid: any2,
      high: { arrivalDays: [1, 5, 6], minNights: 5 },
      christmas: any3,
    },
    facilityIds: [2, 3, 4, 6, 9, 11],
  },
];

export interface FacilityDef {
  readonly id: number;
  readonly keyword: string;
  readonly name: Text;
}

export const FACILITIES: readonly FacilityDef[] = [
  {
    id: 1,
    keyword: 'indoor-pool',
    name: text('Subtropisch zwembad', 'Indoor pool', 'Hallenbad', 'Piscine couverte'),
  },
  { id: 2, keyword: 'restaurant', name: text('Restaurant', 'Restaurant', 'Restaurant', 'Restaurant') },
  { id: 3, keyword: 'supermarket', name: text('Supermarkt', 'Supermarket', 'Supermarkt', 'Supérette') },
  { id: 4, keyword: 'playground', name: text('Speeltuin', 'Playground', 'Spielplatz', 'Aire de jeux') },
  { id: 5, keyword: 'beach', name: text('Strand', 'Beach', 'Strand', 'Plage') },
  {
    id: 6,
    keyword: 'bike-rental',
    name: text('Fietsverhuur', 'Bike rental', 'Fahrradverleih', 'Location de vélos'),
  },
  {
    id: 7,
    keyword: 'water-sports',
    name: text('Watersportcentrum', 'Water sports centre', 'Wassersportzentrum', 'Centre nautique'),
  },
  { id: 8, keyword: 'wellness', name: text('Wellness', 'Wellness', 'Wellness', 'Espace bien-être') },
  { id: 9, keyword: 'mini-golf', name: text('Midgetgolf', 'Mini golf', 'Minigolf', 'Minigolf') },
  {
    id: 10,
    keyword: 'tennis-court',
    name: text('Tennisbaan', 'Tennis court', 'Tennisplatz', 'Court de tennis'),
  },
  {
    id: 11,
    keyword: 'petting-farm',
    name: text('Kinderboerderij', 'Petting farm', 'Streichelzoo', 'Mini-ferme'),
  },
];
