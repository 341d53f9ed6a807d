// Lists of neighbouring countries as real exports write them (issue 32): 70% of each list from its home country
// (the one given as --default-country), 30% from its neighbours, every number national-form (formatted, bare
// digits, or bare digits whose leading 0 a spreadsheet dropped), and each row's country in an address column, under
// the header names and in the value styles of the exports that keep it there. A national number of one country read
// under another is the wrong number, so the row's country column is the only thing that says which it is.
// Seeded: the same lists on every run.
import {
  type CountryCode,
  getCountryCallingCode,
  getExampleNumber,
  Metadata,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { mayBeValid, random } from './corpus.js';

export interface NeighbourList {
  home: CountryCode;
  neighbours: CountryCode[];
  /** Language of the local-language export of that market (`Land`, `País`, `Pays`, `Paese`), if there is one. */
  local?: { header: string; language: string; phone: string; delimiter: string }[];
}

export const LISTS: NeighbourList[] = [
  {
    home: 'SE',
    neighbours: ['FI', 'DK', 'NO'],
    local: [{ header: 'Land', language: 'sv', phone: 'Telefon', delimiter: ';' }],
  },
  {
    home: 'ZA',
    neighbours: ['NA', 'BW'],
    local: [{ header: 'Land', language: 'af', phone: 'Telefoon', delimiter: ',' }],
  },
  {
    home: 'DE',
    neighbours: ['AT', 'CH'],
    local: [{ header: 'Land', language: 'de', phone: 'Telefon', delimiter: ';' }],
  },
  {
    home: 'BE',
    neighbours: ['NL', 'LU', 'FR'],
    local: [
      { header: 'Land', language: 'nl', phone: 'Telefoon', delimiter: ';' },
      { header: 'Pays', language: 'fr', phone: 'Téléphone', delimiter: ';' },
    ],
  },
  {
    home: 'US',
    neighbours: ['CA', 'MX'],
    local: [{ header: 'País', language: 'es', phone: 'Teléfono', delimiter: ',' }],
  },
  {
    home: 'AR',
    neighbours: ['UY', 'CL'],
    local: [{ header: 'País', language: 'es', phone: 'Teléfono', delimiter: ';' }],
  },
  { home: 'GB', neighbours: ['IE'] },
  {
    home: 'IT',
    neighbours: ['SM', 'VA', 'CH'],
    local: [{ header: 'Paese', language: 'it', phone: 'Telefono', delimiter: ';' }],
  },
];

/** ISO 3166-1 alpha-3 of the countries above (what ERPs and shipping tools write). */
const ALPHA3: Record<string, string> = {
  SE: 'SWE',
  FI: 'FIN',
  DK: 'DNK',
  NO: 'NOR',
  ZA: 'ZAF',
  NA: 'NAM',
  BW: 'BWA',
  DE: 'DEU',
  AT: 'AUT',
  CH: 'CHE',
  BE: 'BEL',
  NL: 'NLD',
  LU: 'LUX',
  FR: 'FRA',
  US: 'USA',
  CA: 'CAN',
  MX: 'MEX',
  AR: 'ARG',
  UY: 'URY',
  CL: 'CHL',
  GB: 'GBR',
  IE: 'IRL',
  IT: 'ITA',
  SM: 'SMR',
  VA: 'VAT',
};

/**
 * Fixed lines of narrow plans that neither random digits nor the library's (mobile) examples reach: Vatican City's
 * landlines are Rome's 06 698 range, San Marino's are 0549.
 */
const FIXED_SEEDS: Partial<Record<CountryCode, string>> = { VA: '0669812345', SM: '0549980123' };

/**
 * `n` distinct valid numbers of `country`, half mobiles and half fixed lines where the plan tells them apart, across
 * libphonenumber's ranges: random digits of each possible length (as corpus.ts's numbers()), and random digits after
 * a prefix of a number already found (or a seed), which reaches the narrow ranges of small countries that wholly
 * random digits almost never hit.
 */
function drawNumbers(country: CountryCode, n: number, seed: number): PhoneNumber[] {
  const rnd = random(seed);
  const m = new Metadata();
  m.selectNumberingPlan(country);
  const lengths = m.numberingPlan!.possibleLengths();
  const cc = getCountryCallingCode(country);
  const digits = (k: number) => {
    let d = '';
    while (d.length < k) d += String(Math.floor(rnd() * 10));
    return d;
  };
  const example = getExampleNumber(country, examples)?.nationalNumber as string | undefined;
  const found = new Map<string, PhoneNumber>();
  const may = mayBeValid(country);
  for (const kind of ['MOBILE', 'FIXED_LINE'] as const) {
    const seeds = [kind === 'MOBILE' ? example : FIXED_SEEDS[country]].filter((x) => x !== undefined);
    const mine: string[] = [];
    const want = found.size + n / 2;
    for (let tries = 0; found.size < want && tries < n * 100; tries++) {
      // A kind the plan does not have (Vatican City's mobiles are Italy's): give up early.
      if (tries === 2_000 && mine.length === 0) break;
      const pool = [...seeds, ...mine.slice(-20)];
      let d: string;
      if (rnd() < 0.5 || pool.length === 0) d = digits(lengths[Math.floor(rnd() * lengths.length)]);
      else {
        const base = pool[Math.floor(rnd() * pool.length)];
        const keep = 1 + Math.floor(rnd() * Math.max(1, base.length - 4));
        d = base.slice(0, keep) + digits(base.length - keep);
      }
      if (!may(d)) continue;
      const p = parsePhoneNumberFromString(`+${cc}${d}`);
      if (!p?.isValid() || p.country !== country || found.has(p.number)) continue;
      const t = p.getType() ?? '';
      if (t !== kind && t !== 'FIXED_LINE_OR_MOBILE') continue;
      found.set(p.number, p);
      mine.push(p.nationalNumber);
    }
  }
  return [...found.values()];
}

/** How the phone column of a file is written. */
export const MODES = ['formatted', 'digits', 'spreadsheet', 'mixed'] as const;
export type Mode = (typeof MODES)[number];

/** The number as `mode` writes it: national, formatted or bare; "spreadsheet": bare, a leading 0 dropped. */
function writeNational(p: PhoneNumber, mode: Exclude<Mode, 'mixed'>): string {
  const national = p.formatNational();
  if (mode === 'formatted') return national;
  const bare = national.replace(/\D/g, '');
  // A numeric column loses every leading 0, the trunk 0 and an Italian landline's own 0 alike.
  return mode === 'spreadsheet' ? bare.replace(/^0+/, '') : bare;
}

/** How an export writes a country. */
type ValueStyle = 'iso2' | 'iso3' | 'english' | 'upper' | 'local' | 'salesforce' | 'typed';

const displays = new Map<string, Intl.DisplayNames>();
function nameIn(language: string, code: string): string {
  let d = displays.get(language);
  if (!d) displays.set(language, (d = new Intl.DisplayNames([language], { type: 'region' })));
  return d.of(code) ?? code;
}

function countryValue(code: CountryCode, style: ValueStyle, language: string, rnd: () => number): string {
  const english = nameIn('en', code);
  switch (style) {
    case 'iso2':
      return code;
    case 'iso3':
      return ALPHA3[code];
    case 'english':
      return english;
    case 'upper':
      return english.toUpperCase();
    case 'local':
      return nameIn(language, code);
    case 'salesforce': {
      // Data typed by hand over years: the name, the name in capitals, or the code.
      const r = rnd();
      return r < 0.5 ? english : r < 0.75 ? english.toUpperCase() : code;
    }
    case 'typed': {
      // A free-text field (HubSpot's Country/Region): whatever each person typed, in English, the market's language or
      // their own ("Suomi", "Norge", "México"), in any case, or a code.
      const r = rnd();
      if (r < 0.3) return english;
      if (r < 0.45) return nameIn(language, code);
      if (r < 0.55) return nameIn(new Intl.Locale(`und-${code}`).maximize().language, code);
      if (r < 0.65) return english.toLowerCase();
      if (r < 0.75) return ` ${english} `;
      if (r < 0.9) return code;
      return ALPHA3[code];
    }
  }
}

/** One row's facts; an export style lays them out in its own columns. */
interface RowFacts {
  id: string;
  /** The state or province as Shopify codes it (ISO 3166-2 without the country), '' where it keeps none. */
  province: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  /** The country the number belongs to. */
  country: CountryCode;
  /** The countries written on the row: usually [country]; a second one where two columns disagree. */
  written: CountryCode | undefined;
  /** Billing and shipping that disagree: the other country, written in the other column. */
  other?: CountryCode;
  /** The other column holds the number's country, this one the other country. */
  swapped?: boolean;
}

export interface ExportStyle {
  name: string;
  /** Header of the column whose cells tell the test which row a contact came from. */
  id: string;
  header: string[];
  delimiter?: string;
  /** Every field in double quotes (Salesforce Data Loader, Outlook). */
  quoteAll?: boolean;
  /** Phone cells written as text with a leading apostrophe (Shopify). */
  apostrophe?: boolean;
  values: ValueStyle;
  language?: string;
  /** Share of home-country rows whose country cell is empty (a CRM whose address is optional). */
  blankHome?: number;
  /** Share of rows whose two country columns disagree (billing and shipping). */
  disagree?: number;
  row(f: RowFacts, country: (c: CountryCode) => string): Record<string, string>;
}

/**
 * States and provinces as Shopify and CRMs code them, where the country has them: many are also country codes (US
 * Indiana IN, Delaware DE, Virginia VA; Italy's provinces Napoli NA, Varese VA, Palermo PA; Ireland's Cork CO), so a
 * column of them must never be taken for the row's country.
 */
const PROVINCES: Partial<Record<CountryCode, string[]>> = {
  US: ['CA', 'NY', 'TX', 'IN', 'DE', 'VA', 'GA', 'PA', 'MA', 'IL', 'CO', 'AL'],
  CA: ['ON', 'BC', 'QC', 'AB'],
  MX: ['CMX', 'JAL', 'NLE'],
  ZA: ['GP', 'WC', 'KZN'],
  AR: ['C', 'B', 'X', 'S'],
  CL: ['RM', 'VS'],
  IE: ['D', 'CO', 'G'],
  IT: ['MI', 'RM', 'NA', 'VA', 'PA', 'TO', 'BG'],
};

const SHOPIFY = [
  'Customer ID',
  'First Name',
  'Last Name',
  'Email',
  'Accepts Email Marketing',
  'Default Address Company',
  'Default Address Address1',
  'Default Address Address2',
  'Default Address City',
  'Default Address Province Code',
  'Default Address Country Code',
  'Default Address Zip',
  'Default Address Phone',
  'Phone',
  'Accepts SMS Marketing',
  'Total Spent',
  'Total Orders',
  'Note',
  'Tax Exempt',
  'Tags',
];
const SALESFORCE = [
  'ID',
  'ACCOUNTID',
  'LASTNAME',
  'FIRSTNAME',
  'SALUTATION',
  'MAILINGSTREET',
  'MAILINGCITY',
  'MAILINGSTATE',
  'MAILINGPOSTALCODE',
  'MAILINGCOUNTRY',
  'PHONE',
  'MOBILEPHONE',
  'EMAIL',
  'TITLE',
];
const HUBSPOT = [
  'Record ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Mobile Phone Number',
  'Street Address',
  'City',
  'State/Region',
  'Postal Code',
  'Country/Region',
  'Contact owner',
  'Lifecycle Stage',
  'Create Date',
];
const DYNAMICS = [
  '(Do Not Modify) Contact',
  '(Do Not Modify) Row Checksum',
  '(Do Not Modify) Modified On',
  'Full Name',
  'Company Name',
  'Email',
  'Business Phone',
  'Mobile Phone',
  'Address 1: Street 1',
  'Address 1: City',
  'Address 1: ZIP/Postal Code',
  'Address 1: Country/Region',
];
const OUTLOOK = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Title',
  'Suffix',
  'Nickname',
  'Given Yomi',
  'Surname Yomi',
  'E-mail Address',
  'E-mail 2 Address',
  'E-mail 3 Address',
  'Home Phone',
  'Home Phone 2',
  'Business Phone',
  'Business Phone 2',
  'Mobile Phone',
  'Car Phone',
  'Other Phone',
  'Primary Phone',
  'Pager',
  'Business Fax',
  'Home Fax',
  'Other Fax',
  'Company Main Phone',
  'Callback',
  'Radio Phone',
  'Telex',
  'TTY/TDD Phone',
  'IMAddress',
  'Job Title',
  'Department',
  'Company',
  'Office Location',
  "Manager's Name",
  "Assistant's Name",
  "Assistant's Phone",
  'Company Yomi',
  'Business Street',
  'Business City',
  'Business State',
  'Business Postal Code',
  'Business Country/Region',
  'Home Street',
  'Home City',
  'Home State',
  'Home Postal Code',
  'Home Country/Region',
  'Other Street',
  'Other City',
  'Other State',
  'Other Postal Code',
  'Other Country/Region',
  'Personal Web Page',
  'Spouse',
  'Schools',
  'Hobby',
  'Location',
  'Web Page',
  'Birthday',
  'Anniversary',
  'Notes',
];
const MAILCHIMP = [
  'Email Address',
  'First Name',
  'Last Name',
  'Address',
  'Phone Number',
  'MEMBER_RATING',
  'OPTIN_TIME',
  'OPTIN_IP',
  'CONFIRM_TIME',
  'CONFIRM_IP',
  'LATITUDE',
  'LONGITUDE',
  'GMTOFF',
  'DSTOFF',
  'TIMEZONE',
  'CC',
  'REGION',
  'LAST_CHANGED',
  'LEID',
  'EUID',
  'NOTES',
  'TAGS',
];
const STRIPE = [
  'id',
  'Description',
  'Email',
  'Name',
  'Created (UTC)',
  'Card ID',
  'Card Brand',
  'Card Last4',
  'Card Address City',
  'Card Address Country',
  'Card Address Zip',
  'Address Line1',
  'Address City',
  'Address Country',
  'Address Zip',
  'Phone',
  'Currency',
];
const WOOCOMMERCE = [
  'Order Number',
  'Order Status',
  'Order Date',
  'Billing First Name',
  'Billing Last Name',
  'Billing Company',
  'Billing Address 1',
  'Billing City',
  'Billing Postcode',
  'Billing Country',
  'Billing Email',
  'Billing Phone',
  'Shipping First Name',
  'Shipping Last Name',
  'Shipping Address 1',
  'Shipping City',
  'Shipping Postcode',
  'Shipping Country',
  'Order Total',
];

/** The export styles of a list: ten tools' own, its market's local-language ones, and unnamed country columns. */
export function stylesOf(list: NeighbourList): ExportStyle[] {
  const styles: ExportStyle[] = [
    {
      name: 'Shopify customers (Default Address Country Code, ISO-2)',
      id: 'Customer ID',
      header: SHOPIFY,
      apostrophe: true,
      values: 'iso2',
      row: (f, c) => ({
        'Customer ID': f.id,
        'First Name': f.first,
        'Last Name': f.last,
        Email: f.email,
        'Accepts Email Marketing': 'yes',
        'Default Address Province Code': f.province,
        'Default Address Country Code': c(f.country),
        Phone: f.phone,
        'Accepts SMS Marketing': 'no',
        'Total Spent': '0.00',
        'Total Orders': '0',
        'Tax Exempt': 'no',
      }),
    },
    {
      name: 'Salesforce Data Loader (MAILINGCOUNTRY, names, capitals and codes)',
      id: 'ID',
      header: SALESFORCE,
      quoteAll: true,
      values: 'salesforce',
      row: (f, c) => ({
        ID: f.id,
        LASTNAME: f.last,
        FIRSTNAME: f.first,
        MAILINGSTATE: f.province,
        MAILINGCOUNTRY: c(f.country),
        PHONE: f.phone,
        EMAIL: f.email,
      }),
    },
    {
      name: 'HubSpot contacts (Country/Region, free text: English, local and own-language names, codes)',
      id: 'Record ID',
      header: HUBSPOT,
      values: 'typed',
      language: list.local?.[0]?.language ?? 'en',
      blankHome: 0.3,
      row: (f, c) => ({
        'Record ID': f.id,
        'First Name': f.first,
        'Last Name': f.last,
        Email: f.email,
        'Phone Number': f.phone,
        'State/Region': f.province,
        'Country/Region': f.written ? c(f.written) : '',
        'Lifecycle Stage': 'lead',
      }),
    },
    {
      name: 'Dynamics 365 contacts (Address 1: Country/Region, English names)',
      id: '(Do Not Modify) Contact',
      header: DYNAMICS,
      values: 'english',
      blankHome: 0.1,
      row: (f, c) => ({
        '(Do Not Modify) Contact': f.id,
        'Full Name': `${f.first} ${f.last}`,
        Email: f.email,
        'Business Phone': f.phone,
        'Address 1: Country/Region': f.written ? c(f.written) : '',
      }),
    },
    {
      name: 'Outlook.com contacts (Business Country/Region or Home Country/Region, names)',
      id: 'E-mail Address',
      header: OUTLOOK,
      quoteAll: true,
      values: 'english',
      blankHome: 0.2,
      row: (f, c) => {
        // A contact's work or home: the number and the country in the same address block.
        const home = f.id.charCodeAt(f.id.length - 1) % 3 === 0;
        return {
          'First Name': f.first,
          'Last Name': f.last,
          'E-mail Address': f.email,
          [home ? 'Home Phone' : 'Business Phone']: f.phone,
          [home ? 'Home Country/Region' : 'Business Country/Region']: f.written ? c(f.written) : '',
        };
      },
    },
    {
      name: 'Mailchimp audience (CC, ISO-2, and the country at the end of Address)',
      id: 'Email Address',
      header: MAILCHIMP,
      values: 'iso2',
      row: (f, c) => ({
        'Email Address': f.email,
        'First Name': f.first,
        'Last Name': f.last,
        Address: `1 Main Street  Town    1000  ${c(f.country)}`,
        'Phone Number': f.phone,
        MEMBER_RATING: '2',
        CC: c(f.country),
      }),
    },
    {
      name: 'Stripe customers (Card Address Country and Address Country, ISO-2)',
      id: 'id',
      header: STRIPE,
      values: 'iso2',
      row: (f, c) => ({
        id: f.id,
        Email: f.email,
        Name: `${f.first} ${f.last}`,
        'Card Address Country': c(f.country),
        // Address is optional in Stripe: one customer in four has none.
        'Address Country': f.id.endsWith('3') ? '' : c(f.country),
        Phone: f.phone,
        Currency: 'eur',
      }),
    },
    {
      name: 'WooCommerce orders (Billing Country and Shipping Country, ISO-2, some disagreeing)',
      id: 'Order Number',
      header: WOOCOMMERCE,
      values: 'iso2',
      disagree: 0.1,
      row: (f, c) => {
        const billing = f.other && f.swapped ? f.other : f.country;
        const shipping = f.other && !f.swapped ? f.other : f.country;
        return {
          'Order Number': f.id,
          'Order Status': 'completed',
          'Billing First Name': f.first,
          'Billing Last Name': f.last,
          'Billing Country': c(billing),
          'Billing Email': f.email,
          'Billing Phone': f.phone,
          'Shipping First Name': f.first,
          'Shipping Last Name': f.last,
          'Shipping Country': c(shipping),
        };
      },
    },
    {
      name: 'ERP export (Country, ISO-3)',
      id: 'Customer No.',
      header: ['Customer No.', 'Name', 'Phone No.', 'City', 'Country'],
      values: 'iso3',
      row: (f, c) => ({
        'Customer No.': f.id,
        Name: `${f.first} ${f.last}`,
        'Phone No.': f.phone,
        Country: c(f.country),
      }),
    },
    {
      name: 'a Market column holding ISO-2 codes (header in no list)',
      id: 'Account',
      header: ['Account', 'Contact', 'Phone', 'Market', 'Owner'],
      values: 'iso2',
      row: (f, c) => ({ Account: f.id, Contact: `${f.first} ${f.last}`, Phone: f.phone, Market: c(f.country) }),
    },
    {
      name: 'a Region column holding names in capitals (header in no list)',
      id: 'Ref',
      header: ['Ref', 'Name', 'Mobile', 'Region', 'Notes'],
      values: 'upper',
      row: (f, c) => ({ Ref: f.id, Name: `${f.first} ${f.last}`, Mobile: f.phone, Region: c(f.country) }),
    },
  ];
  for (const l of list.local ?? [])
    styles.push({
      name: `${l.header} (${l.language} names, "${l.delimiter}")`,
      id: 'Nr',
      header: ['Nr', 'Name', l.phone, 'Ort', l.header],
      delimiter: l.delimiter,
      values: 'local',
      language: l.language,
      blankHome: 0.1,
      row: (f, c) => ({
        Nr: f.id,
        Name: `${f.first} ${f.last}`,
        [l.phone]: f.phone,
        [l.header]: f.written ? c(f.written) : '',
      }),
    });
  return styles;
}

/** A row of the corpus: its cells, and what the converter must make of it. */
interface CorpusRow {
  facts: RowFacts;
  /** The number it stands for. */
  e164: string;
}

export interface CorpusFile {
  style: ExportStyle;
  mode: Mode;
  csv: string;
  rows: CorpusRow[];
}

const FIRST = ['Anna', 'Lars', 'Thabo', 'Mia', 'Jan', 'Lucía', 'Sean', 'Giulia', 'Noah', 'Eva', 'Pieter', 'Sofía'];
const LAST = ['Berg', 'Virtanen', 'Dlamini', 'Müller', 'Peeters', 'Smith', 'García', 'Murphy', 'Rossi', 'Janssen'];

function field(v: string, delimiter: string, quoteAll: boolean): string {
  return quoteAll || v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

const pools = new Map<string, PhoneNumber[]>();
/** The country's numbers: mobiles and fixed lines, drawn once per run. */
function pool(country: CountryCode): PhoneNumber[] {
  let p = pools.get(country);
  if (!p) {
    p = drawNumbers(
      country,
      250,
      [...country].reduce((s, ch) => s * 31 + ch.charCodeAt(0), 7),
    );
    pools.set(country, p);
  }
  return p;
}

/** `size` rows of `list` in `style`, its phone column written in `mode`; seeded. */
export function corpusFile(
  list: NeighbourList,
  style: ExportStyle,
  mode: Mode,
  size: number,
  seed: number,
): CorpusFile {
  const rnd = random(seed);
  const home = Math.round(size * 0.7);
  const countries: CountryCode[] = [];
  for (let i = 0; i < size; i++) countries.push(i < home ? list.home : list.neighbours[i % list.neighbours.length]);
  // Shuffled: a file is not sorted by country.
  for (let i = countries.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [countries[i], countries[j]] = [countries[j], countries[i]];
  }
  const used = new Set<string>();
  const pick = (c: CountryCode): PhoneNumber => {
    const ps = pool(c);
    for (;;) {
      const p = ps[Math.floor(rnd() * ps.length)];
      if (!used.has(p.number)) {
        used.add(p.number);
        return p;
      }
    }
  };
  const delimiter = style.delimiter ?? ',';
  const value = (c: CountryCode) => countryValue(c, style.values, style.language ?? 'en', rnd);
  const rows: CorpusRow[] = [];
  const lines = [style.header.map((h) => field(h, delimiter, !!style.quoteAll)).join(delimiter)];
  countries.forEach((country, i) => {
    const p = pick(country);
    const m: Exclude<Mode, 'mixed'> =
      mode === 'mixed'
        ? rnd() < 0.5
          ? 'formatted'
          : 'digits'
        : style.apostrophe && mode === 'spreadsheet'
          ? 'digits'
          : mode;
    let phone = writeNational(p, m);
    if (style.apostrophe) phone = `'${phone}`;
    const provinces = PROVINCES[country] ?? [''];
    const facts: RowFacts = {
      province: provinces[Math.floor(rnd() * provinces.length)],
      id: `${style.id === 'Email Address' || style.id === 'E-mail Address' ? 'c' : 'R'}${1000 + i}`,
      first: FIRST[i % FIRST.length],
      last: LAST[(i * 7) % LAST.length],
      email: '',
      phone,
      country,
      written: country === list.home && rnd() < (style.blankHome ?? 0) ? undefined : country,
    };
    facts.email = `${facts.first.toLowerCase()}.${i}@example.com`.normalize('NFD').replace(/\p{M}/gu, '');
    if (style.id === 'Email Address' || style.id === 'E-mail Address') facts.id = facts.email;
    if (style.disagree && rnd() < style.disagree) {
      const others = [list.home, ...list.neighbours].filter((c) => c !== country);
      facts.other = others[Math.floor(rnd() * others.length)];
      facts.swapped = rnd() < 0.5;
    }
    const cells = style.row(facts, value);
    lines.push(style.header.map((h) => field(cells[h] ?? '', delimiter, !!style.quoteAll)).join(delimiter));
    rows.push({ facts, e164: p.number });
  });
  return { style, mode, csv: `${lines.join('\r\n')}\r\n`, rows };
}

/** Whether `cell` reads as a valid number of `country` as written, or with the leading 0 a spreadsheet dropped. */
export function validIn(cell: string, country: CountryCode): boolean {
  const t = cell.replace(/^'/, '');
  if (parsePhoneNumberFromString(t, country)?.isValid()) return true;
  return /^[1-9]\d+$/.test(t) && !!parsePhoneNumberFromString(`0${t}`, country)?.isValid();
}

/** Whether `cell` reads as a valid number of `country` exactly as written. */
export function validAsWritten(cell: string, country: CountryCode): boolean {
  return !!parsePhoneNumberFromString(cell.replace(/^'/, ''), country)?.isValid();
}
