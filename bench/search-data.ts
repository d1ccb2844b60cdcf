/**
 * Synthetic corpus for the search benchmark: clients, leads, shoots, galleries, albums and orders with
 * realistic names, e-mails, phones and notes. Deterministic for a given seed. Documents are analysed with the
 * search service's own mapping and analyser, so the loaded rows are exactly what the indexer would write.
 *
 * Vocabulary shape (what the query sets rely on):
 * - "photos" appears in about two thirds of all documents (the common word);
 * - "wedding" is the most frequent shoot kind and appears in titles and notes of roughly a third;
 * - a long tail of synthetic words (Zipf) gives rare words that occur in a handful of documents.
 */
import { randomUUID } from 'node:crypto';
import { mulberry32 as rng } from '@studio/testkit/random';
import { analyzeDocument } from '../services/search/src/services/text-analysis.js';
import { mapDocument, type DocType } from '../services/search/src/services/document-mapping.js';

export const FIRST_NAMES = [
  'John',
  'Mary',
  'James',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Nancy',
  'Daniel',
  'Lisa',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Dorothy',
  'Kevin',
  'Carol',
  'Brian',
  'Amanda',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Edward',
  'Rebecca',
  'Jason',
  'Sharon',
  'Jeffrey',
  'Laura',
  'Ryan',
  'Cynthia',
  'Jacob',
  'Kathleen',
  'Gary',
  'Amy',
  'Nicholas',
  'Angela',
  'Eric',
  'Shirley',
  'Jonathan',
  'Anna',
  'Stephen',
  'Brenda',
  'Larry',
  'Pamela',
  'Justin',
  'Emma',
  'Scott',
  'Nicole',
  'Brandon',
  'Helen',
  'Benjamin',
  'Samantha',
  'Samuel',
  'Katherine',
  'Gregory',
  'Christine',
  'Alexander',
  'Debra',
  'Frank',
  'Rachel',
  'Patrick',
  'Carolyn',
  'Raymond',
  'Janet',
  'Jack',
  'Catherine',
  'Dennis',
  'Maria',
  'Jerry',
  'Heather',
  'Tyler',
  'Diane',
  'Aaron',
  'Ruth',
  'José',
  'Julie',
  'Adam',
  'Olivia',
  'Nathan',
  'Joyce',
  'Henry',
  'Virginia',
  'Zoë',
  'Chloé',
  'Björn',
  'Søren',
  'Łukasz',
  'Renée',
  'Noémie',
  'François',
  'Jürgen',
  'Ana',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'McDonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
  'Simpson',
  'Porter',
  'Hunter',
  'Gordon',
  'Mendez',
  'Silva',
  'Shaw',
  'Snyder',
  'Mason',
  'Dixon',
  'Muñoz',
  'Hunt',
  'Hicks',
  'Holmes',
  'Palmer',
  'Wagner',
  'Black',
  'Robertson',
  'Boyd',
  'Rose',
  'Stone',
  'Salazar',
  'Fox',
  'Warren',
  'Mills',
  'Meyer',
  'Rice',
  'Schmidt',
  'Garza',
  'Daniels',
  'Ferguson',
  'Nichols',
  'Stephens',
  'Soto',
  'Weaver',
  'Ryan',
  'Gardner',
  'Payne',
  'Grant',
  'Dunn',
  'Kelley',
  'Spencer',
  'Hawkins',
  'Arnold',
  'Pierce',
  'Müller',
  'Smithson',
  'Smithers',
  'Johansson',
  'Østergaard',
  'Dubois',
  'Lefèvre',
  'Nowak',
  'Kowalski',
  'Rossi',
  'Bianchi',
];

const SHOOT_KINDS: [string, number][] = [
  ['Wedding', 35],
  ['Engagement', 10],
  ['Portrait', 10],
  ['Family', 9],
  ['Newborn', 6],
  ['Headshots', 6],
  ['Maternity', 5],
  ['Corporate Event', 5],
  ['Birthday', 4],
  ['Graduation', 4],
  ['Product', 3],
  ['Real Estate', 2],
  ['Anniversary', 1],
];

const CITIES = [
  'Portland',
  'Seattle',
  'Austin',
  'Denver',
  'Boston',
  'Chicago',
  'Brooklyn',
  'Oakland',
  'Nashville',
  'Savannah',
  'Asheville',
  'Santa Fe',
  'San Diego',
  'Sedona',
  'Napa',
  'Charleston',
  'Minneapolis',
  'Madison',
  'Boulder',
  'Tahoe',
  'Big Sur',
  'Malibu',
  'Lyon',
  'Paris',
  'Berlin',
  'München',
  'Kraków',
  'Zürich',
  'Montréal',
  'Québec',
  'Reykjavík',
  'Lisbon',
  'Porto',
  'Sevilla',
];

const COMMON_WORDS = [
  'photos',
  'session',
  'ceremony',
  'reception',
  'venue',
  'outdoor',
  'indoor',
  'golden',
  'hour',
  'sunset',
  'beach',
  'park',
  'garden',
  'barn',
  'church',
  'downtown',
  'studio',
  'lighting',
  'candid',
  'posed',
  'album',
  'prints',
  'canvas',
  'digital',
  'gallery',
  'deposit',
  'invoice',
  'contract',
  'signed',
  'pending',
  'confirmed',
  'budget',
  'package',
  'premium',
  'basic',
  'hours',
  'coverage',
  'second',
  'shooter',
  'drone',
  'video',
  'bride',
  'groom',
  'bridesmaids',
  'family',
  'kids',
  'dog',
  'parents',
  'grandparents',
  'friends',
  'guests',
  'timeline',
  'schedule',
  'rain',
  'backup',
  'plan',
  'call',
  'email',
  'follow',
  'up',
  'referral',
  'instagram',
  'website',
  'recommended',
  'favorite',
  'edits',
  'retouching',
  'black',
  'white',
  'color',
  'film',
  'vintage',
  'modern',
  'classic',
  'elegant',
  'rustic',
  'boho',
  'mountain',
  'lake',
  'forest',
  'city',
  'rooftop',
  'hotel',
  'vineyard',
  'winery',
  'flowers',
  'cake',
  'dress',
  'suit',
  'rings',
  'vows',
  'first',
  'dance',
  'toast',
  'speeches',
  'portraits',
  'headshot',
  'team',
  'office',
  'brand',
  'product',
  'catalog',
  'newborn',
  'baby',
  'maternity',
  'pregnant',
  'anniversary',
  'birthday',
  'party',
  'graduation',
  'senior',
  'school',
  'holiday',
  'christmas',
  'cards',
  'wants',
  'needs',
  'prefers',
  'asked',
  'about',
  'discount',
  'payment',
  'paid',
  'balance',
  'due',
  'delivery',
  'weeks',
  'shipping',
  'frames',
  'matte',
  'glossy',
  'large',
  'small',
  'wall',
  'art',
  'slideshow',
  'music',
  'share',
  'online',
];

const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'proton.me', 'example.com', 'studio-mail.net', 'fastmail.fm'];
const ORDER_STATUSES = ['paid', 'sent_to_print', 'shipped', 'delivered', 'cancelled', 'refunded'];
const LEAD_SOURCES = ['instagram', 'referral', 'website', 'google', 'facebook', 'wedding fair', 'pinterest'];

/** Type mix of the corpus (weights). */
const TYPE_MIX: [DocType, number][] = [
  ['client', 25],
  ['lead', 15],
  ['shoot', 25],
  ['gallery', 15],
  ['album', 10],
  ['order', 10],
];

/** A sampler over `n` ranks with probability proportional to 1 / (rank + 1)^s. */
function zipf(n: number, s: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1) ** s;
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function weighted<T>(items: [T, number][], random: () => number): () => T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  return () => {
    let x = random() * total;
    for (const [item, w] of items) if ((x -= w) < 0) return item;
    return items[items.length - 1]![0];
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ven',
  'dor',
  'tis',
  'sel',
  'qua',
  'bri',
  'nox',
  'zen',
  'fal',
  'gor',
  'pel',
  'tur',
  'wyn',
  'ash',
  'eld',
  'mar',
  'sol',
  'vi',
  'cra',
  'thu',
];

/** `count` distinct pronounceable synthetic words (the rare tail). */
export function syntheticWords(count: number, seed = 7): string[] {
  const random = rng(seed);
  const out = new Set<string>();
  while (out.size < count) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)]!;
    if (w.length >= 5) out.add(w);
  }
  return [...out];
}

export interface GeneratedDocument {
  workspaceId: string;
  type: DocType;
  id: string;
  title: string;
  fields: [string, string, string][];
  primary: string;
  secondary: string;
  wordsPrimary: string[];
  wordsSecondary: string[];
  updatedAt: Date;
}

export interface CorpusGenerator {
  /** Entity JSON as an event would carry it. */
  entity(type: DocType, id: string): Record<string, unknown>;
  document(workspaceId: string, type?: DocType): GeneratedDocument;
  tailWords: string[];
}

export function corpusGenerator(seed = 42): CorpusGenerator {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const first = zipf(FIRST_NAMES.length, 0.8, random);
  const last = zipf(LAST_NAMES.length, 0.9, random);
  const common = zipf(COMMON_WORDS.length, 1.0, random);
  const tailWords = syntheticWords(40_000, seed + 1);
  const tail = zipf(tailWords.length, 1.05, random);
  const kind = weighted(SHOOT_KINDS, random);
  const type = weighted(TYPE_MIX, random);
  const now = Date.UTC(2026, 10, 1);
  let orderNumber = 10_000;

  const person = () => ({ first: FIRST_NAMES[first()]!, last: LAST_NAMES[last()]! });
  const email = (p: { first: string; last: string }) =>
    `${p.first.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()}.${p.last
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '')}${Math.floor(random() * 100)}@${pick(DOMAINS)}`;
  const phone = () =>
    `+1 (${200 + Math.floor(random() * 800)}) ${String(Math.floor(random() * 1000)).padStart(3, '0')}-${String(Math.floor(random() * 10000)).padStart(4, '0')}`;
  const notes = (extra: string[] = []) => {
    const n = 4 + Math.floor(random() * 18);
    const words: string[] = [...extra];
    for (let i = 0; i < n; i++) words.push(random() < 0.6 ? COMMON_WORDS[common()]! : tailWords[tail()]!);
    if (random() < 0.62) words.splice(Math.floor(random() * words.length), 0, 'photos');
    return words.join(' ');
  };

  const entity = (t: DocType, id: string): Record<string, unknown> => {
    const p = person();
    const k = kind();
    switch (t) {
      case 'client':
        return {
          client_id: id,
          name: `${p.first} ${p.last}`,
          email: random() < 0.9 ? email(p) : null,
          phone: random() < 0.7 ? phone() : null,
          notes: random() < 0.8 ? notes() : null,
        };
      case 'lead':
        return {
          lead_id: id,
          name: `${p.first} ${p.last}`,
          email: email(p),
          phone: random() < 0.5 ? phone() : null,
          source: pick(LEAD_SOURCES),
          notes: notes([k.toLowerCase()]),
        };
      case 'shoot':
        return {
          shoot_id: id,
          title: `${p.last} ${k}`,
          slug: `${p.last}-${k}`.toLowerCase().replace(/\s+/g, '-'),
          location: pick(CITIES),
          state: pick(['planned', 'completed']),
          notes: notes(),
        };
      case 'gallery':
        return {
          gallery_id: id,
          title: `${p.last} ${k} ${random() < 0.5 ? 'Highlights' : 'Gallery'}`,
          slug: `${p.last}-${k}`.toLowerCase(),
          description: random() < 0.7 ? notes() : null,
          photo_count: Math.floor(random() * 800),
        };
      case 'album':
        return { album_id: id, title: `Best of ${p.first} & ${person().first}`, description: notes([k.toLowerCase()]) };
      case 'order':
        return {
          order_id: id,
          number: String(orderNumber++),
          customer_name: `${p.first} ${p.last}`,
          email: email(p),
          status: pick(ORDER_STATUSES),
          notes: random() < 0.4 ? notes() : null,
        };
    }
  };

  return {
    tailWords,
    entity,
    document(workspaceId, t = type()) {
      const id = randomUUID();
      const data = entity(t, id);
      const mapped = mapDocument(t, data);
      const analyzed = analyzeDocument(mapped.fields);
      return {
        workspaceId,
        type: t,
        id,
        title: mapped.title,
        fields: mapped.fields.map((f) => [f.name, f.weight, f.text]),
        primary: analyzed.primary,
        secondary: analyzed.secondary,
        wordsPrimary: analyzed.wordsPrimary,
        wordsSecondary: analyzed.wordsSecondary,
        updatedAt: new Date(now - Math.floor(random() * 3 * 365 * 86_400_000)),
      };
    },
  };
}
