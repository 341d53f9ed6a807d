// The country a spreadsheet's cell names, and the columns of a file that name each row's country: found by their
// header in the words exports use (Shopify's "Default Address Country Code", Salesforce's "MAILINGCOUNTRY",
// Mailchimp's "CC", Dynamics' "Address 1: Country/Region", "Land", "País", "Pays", ...) or by their values (most
// cells name a country). Loads libphonenumber-js: import lazily.
import { type CountryCode, getCountries, isSupportedCountry } from 'libphonenumber-js/max';
import { cellsWhere, fold } from './columns.js';

/**
 * ISO 3166-1 alpha-2 and alpha-3 codes, five letters a country (ISO 3166-1 itself, as the i18n-iso-countries
 * package ships it): "FIN" and "NAM" are how some CRMs and payment exports write countries. No platform API maps them.
 */
const ALPHA3 =
  'AFAFGALALBDZDZAASASMADANDAOAGOAIAIAAQATAAGATGARARGAMARMAWABWAUAUSATAUTAZAZEBSBHSBHBHRBDBGDBBBRBBYBLRBEBELBZBLZBJBEN' +
  'BMBMUBTBTNBOBOLBABIHBWBWABVBVTBRBRAIOIOTBNBRNBGBGRBFBFABIBDIKHKHMCMCMRCACANCVCPVKYCYMCFCAFTDTCDCLCHLCNCHNCXCXRCCCCK' +
  'COCOLKMCOMCGCOGCDCODCKCOKCRCRICICIVHRHRVCUCUBCYCYPCZCZEDKDNKDJDJIDMDMADODOMECECUEGEGYSVSLVGQGNQERERIEEESTETETHFKFLK' +
  'FOFROFJFJIFIFINFRFRAGFGUFPFPYFTFATFGAGABGMGMBGEGEODEDEUGHGHAGIGIBGRGRCGLGRLGDGRDGPGLPGUGUMGTGTMGNGINGWGNBGYGUYHTHTI' +
  'HMHMDVAVATHNHNDHKHKGHUHUNISISLININDIDIDNIRIRNIQIRQIEIRLILISRITITAJMJAMJPJPNJOJORKZKAZKEKENKIKIRKPPRKKRKORKWKWTKGKGZ' +
  'LALAOLVLVALBLBNLSLSOLRLBRLYLBYLILIELTLTULULUXMOMACMGMDGMWMWIMYMYSMVMDVMLMLIMTMLTMHMHLMQMTQMRMRTMUMUSYTMYTMXMEXFMFSM' +
  'MDMDAMCMCOMNMNGMSMSRMAMARMZMOZMMMMRNANAMNRNRUNPNPLNLNLDNCNCLNZNZLNINICNENERNGNGANUNIUNFNFKMPMNPMKMKDNONOROMOMNPKPAK' +
  'PWPLWPSPSEPAPANPGPNGPYPRYPEPERPHPHLPNPCNPLPOLPTPRTPRPRIQAQATREREUROROURURUSRWRWASHSHNKNKNALCLCAPMSPMVCVCTWSWSMSMSMR' +
  'STSTPSASAUSNSENSCSYCSLSLESGSGPSKSVKSISVNSBSLBSOSOMZAZAFGSSGSESESPLKLKASDSDNSRSURSJSJMSZSWZSESWECHCHESYSYRTWTWNTJTJK' +
  'TZTZATHTHATLTLSTGTGOTKTKLTOTONTTTTOTNTUNTRTURTMTKMTCTCATVTUVUGUGAUAUKRAEAREGBGBRUSUSAUMUMIUYURYUZUZBVUVUTVEVENVNVNM' +
  'VGVGBVIVIRWFWLFEHESHYEYEMZMZMBZWZWEAXALABQBESCWCUWGGGGYIMIMNJEJEYMEMNEBLBLMMFMAFRSSRBSXSXMSSSSDXKXKX';
let alpha3: Map<string, string> | undefined;
function fromAlpha3(code: string): string | undefined {
  if (!alpha3) {
    alpha3 = new Map();
    for (let i = 0; i < ALPHA3.length; i += 5) alpha3.set(ALPHA3.slice(i + 2, i + 5), ALPHA3.slice(i, i + 2));
  }
  return alpha3.get(code);
}

/** Codes people write for a country that ISO 3166-1 spells otherwise (the EU writes EL for Greece). */
const NOT_ISO: Record<string, string> = { UK: 'GB', EL: 'GR' };

/** The ISO code meant by a code that is not one ("UK" → "GB", "it" → "IT"), if there is one. */
export function countrySuggestion(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  const s = NOT_ISO[upper] ?? upper;
  return s !== code && isSupportedCountry(s) ? s : undefined;
}

/**
 * Names exports use that the platform's region names (Intl.DisplayNames) do not give: older or informal names,
 * the nations of the United Kingdom, abbreviations.
 */
const ALIASES: Record<string, string> = {
  usa: 'US',
  'u s': 'US',
  'u s a': 'US',
  'united states of america': 'US',
  america: 'US',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  'republic of ireland': 'IE',
  eire: 'IE',
  turkey: 'TR',
  turkiye: 'TR',
  'czech republic': 'CZ',
  'south korea': 'KR',
  korea: 'KR',
  'republic of korea': 'KR',
  russia: 'RU',
  'russian federation': 'RU',
  vatican: 'VA',
  'vatican city': 'VA',
  'holy see': 'VA',
  'ivory coast': 'CI',
  uae: 'AE',
  'u a e': 'AE',
  ksa: 'SA',
};

/**
 * Languages whose country names a country column is read in, besides the language of --default-country: those of
 * the exports we meet (CRMs and spreadsheets in Western and Northern Europe, Poland, Turkey, Japan, the Arab world).
 */
const NAME_LANGUAGES = ['en', 'it', 'de', 'fr', 'es', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'tr', 'cs', 'ja', 'ar'];

/** Lower case, accents, dots and extra spaces dropped: "  Côte d'Ivoire", "U.S.A." and "cote d'ivoire" are one name. */
const foldName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.\u00b7]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const countryNames = new Map<string, Map<string, string>>();

function namesFor(country: string): Map<string, string> {
  let names = countryNames.get(country);
  if (names) return names;
  names = new Map(Object.entries(ALIASES));
  const languages: string[] = [];
  try {
    languages.push(new Intl.Locale(`und-${country}`).maximize().language);
  } catch {
    // No language known for the region.
  }
  languages.push(...NAME_LANGUAGES);
  for (const lang of languages) {
    const display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const c of getCountries()) {
      const name = display.of(c);
      if (!name) continue;
      const folded = foldName(name);
      if (!names.has(folded)) names.set(folded, c);
      // "Korea, Republic of", "Bosnia & Herzegovina": also without what follows a comma, "&" as "and".
      if (folded.includes(' & ')) names.set(folded.replace(' & ', ' and '), c);
    }
  }
  countryNames.set(country, names);
  return names;
}

/**
 * The country a spreadsheet's country cell names: an ISO 3166 alpha-2 code ("UK" and "EL" too) or alpha-3 ("FIN"),
 * or the country's name in the language of `country` (the --default-country) or one of NAME_LANGUAGES ("Italia",
 * "Suomi", "NAMIBIA", "Allemagne"), over libphonenumber's countries. Anything else (empty, "Narnia") is undefined:
 * nothing is guessed.
 */
export function countryOfCell(cell: string, country: string): CountryCode | undefined {
  const t = foldName(cell);
  if (t === '') return undefined;
  const upper = t.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) {
    const code = NOT_ISO[upper] ?? upper;
    return isSupportedCountry(code) ? code : undefined;
  }
  if (/^[A-Z]{3}$/.test(upper)) {
    const code = fromAlpha3(upper);
    if (code && isSupportedCountry(code)) return code;
  }
  const code = namesFor(country).get(t);
  return code && isSupportedCountry(code) ? (code as CountryCode) : undefined;
}

/**
 * Header names of a column of countries: any name with "country" in it (Shopify's "Default Address Country Code",
 * Salesforce's "MAILINGCOUNTRY", Outlook's "Business Country/Region", WooCommerce's "Billing Country"), Mailchimp's
 * "CC", and the word in the languages of the exports we meet (Paese, Nazione, Land, País, Pays, Kraj, Ülke, Maa,
 * 国, البلد). Not a phone's country code ("Phone Country Code": calling codes, not countries).
 */
const COUNTRY_HEADER =
  /country|^(?:cc|paese|nazione|stato|land|pais|pays|kraj|ulke|maa|valtio|国|国名|国・地域|البلد|الدولة|الدوله)$|\b(?:paese|land|pais|pays|kraj|ulke)\b/;
const NOT_COUNTRY_HEADER = /phone|tel|mobile|calling|dial|birth|nascita|geburt|naissance|nacimiento|nationality/;
/**
 * Columns whose values may look like country codes without being countries: US states (CA, DE, IN, VA), languages
 * (it, de, fr), currencies, sizes. Never taken for a country column by their values.
 */
const NOT_COUNTRY_VALUES =
  /\b(?:state|province|provincia|county|region|regione|bundesland|estado|prefecture|st|lang|language|lingua|sprache|langue|idioma|locale|currency|valuta|size|gender|sex|title|salutation|initials?|code postal|zip|postcode|cap)\b/;

/** The columns whose header names a country, in order. */
export function countryColumnsByName(headers: string[]): number[] {
  const out: number[] = [];
  headers.forEach((h, i) => {
    const f = fold(h);
    if (f !== '' && COUNTRY_HEADER.test(f) && !NOT_COUNTRY_HEADER.test(f)) out.push(i);
  });
  return out;
}

/** Values a column needs to be taken for a column of countries by its values alone ... */
const MIN_VALUES = 3;
/** ... and the share of its non-empty values that must name a country. */
const MIN_SHARE = 0.9;

/**
 * The columns (among `candidates`) most of whose values in `rows` name a country: a file whose country column has a
 * name in no list ("Market", "Nation", "Destino"). Columns whose name says they hold something else that looks like
 * a country code (a US state, a language) are left out.
 */
export function countryColumnsByValues(
  headers: string[],
  candidates: number[],
  rows: string[][],
  country: string,
): number[] {
  return candidates.filter((i) => {
    // A column named for states, regions or languages counts country names only: its codes (CA, IN, NA, VA) are as
    // likely a US state, an Italian province or a language as a country.
    const namesOnly = NOT_COUNTRY_VALUES.test(fold(headers[i] ?? ''));
    const { cells, hits } = cellsWhere(rows, i, (v) => (!namesOnly || v.length > 3) && !!countryOfCell(v, country));
    return cells >= MIN_VALUES && hits >= MIN_SHARE * cells;
  });
}
