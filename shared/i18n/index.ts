// The UI language (SPEC §5 "Language"): one i18next instance for the process, fed with the bundled
// catalogs. The core and the renderer each set its language from the `language` setting; every text a
// user reads goes through `t`. Keys and interpolation variables are checked by the compiler against
// the English catalog, the source of truth.
import i18next from 'i18next';
import { en, type Translation } from './en';
import { th } from './th';

/** Every language's catalog: a new language is a catalog here and its locale below. */
const CATALOGS = { en, th } satisfies Record<string, Translation>;
export type Language = keyof typeof CATALOGS;
export const LANGUAGES = Object.keys(CATALOGS) as Language[];
/** The setting: a language, or whatever the system prefers. */
export type LanguageSetting = 'system' | Language;
export const LANGUAGE_SETTINGS: readonly [LanguageSetting, ...LanguageSetting[]] = ['system', ...LANGUAGES];

/**
 * The locale Intl formats dates and numbers in. Thai is th-TH with the Gregorian calendar: Intl's default
 * for th-TH is the Buddhist era (2569), while the dates a session holds beside these (in replies, exports,
 * file names) are Gregorian; one calendar on screen reads better than two.
 */
export const LOCALES: Record<Language, string> = { en: 'en', th: 'th-TH-u-ca-gregory' };

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: CATALOGS[language] }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  // Texts are plain text: React escapes what it renders, and the core's messages are never HTML.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

// Our own `t` checks keys and placeholders; i18next's types are not told about the catalogs.
const translate = i18n.t.bind(i18n) as unknown as (key: string, vars?: object) => string;

/**
 * Texts without placeholders in the current language, by key: i18next's lookup costs microseconds a
 * call, and a render of the sidebar or a chat makes hundreds (a switch of session spent 16 ms in it).
 * Emptied on a change of language, before anyone told of the change reads a text again.
 */
const plainTexts = new Map<string, string>();
i18n.on('languageChanged', () => plainTexts.clear());

function plainText(key: string): string {
  let text = plainTexts.get(key);
  if (text === undefined) plainTexts.set(key, (text = translate(key)));
  return text;
}

/** The first of the preferred locales (BCP 47 tags, most wanted first) that Baton speaks; else English. */
export function resolveLanguage(setting: LanguageSetting, preferred: readonly string[]): Language {
  if (setting !== 'system') return setting;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return 'en';
}

export function currentLanguage(): Language {
  return LANGUAGES.find((language) => language === i18n.language) ?? 'en';
}

export function currentLocale(): string {
  return LOCALES[currentLanguage()];
}

export function setLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** Calls `listener` after every change of language; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

// The catalog's keys as dotted paths, a plural's `_one` / `_other` forms under their base key.
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralBase<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
export type TextKey = PluralBase<Leaves<typeof en>>;

type At<T, K extends string> = K extends `${infer H}.${infer R}` ? (H extends keyof T ? At<T[H], R> : never) : K extends keyof T ? T[K] : never;
type TextOf<K extends string> = [At<typeof en, K>] extends [never] ? At<typeof en, `${K}_other`> : At<typeof en, K>;
/** The names in a text's `{{name}}` and `{{name, format}}` placeholders. */
type VarNames<S> = S extends `${string}{{${infer V}}}${infer R}` ? (V extends `${infer N}, ${string}` ? N : V) | VarNames<R> : never;
type VarsOf<K extends string> = [VarNames<TextOf<K>>] extends [never] ? [] : [vars: Record<VarNames<TextOf<K>>, string | number>];

/** The text `key` in the current language, its placeholders filled from `vars` (`count` picks the plural). */
export function t<K extends TextKey>(key: K, ...vars: VarsOf<K>): string {
  return vars[0] === undefined ? plainText(key) : translate(key, vars[0]);
}

type Groups = { [G in keyof typeof en]: (typeof en)[G] extends Record<string, unknown> ? G : never }[keyof typeof en];
/** A group's texts without placeholders or plural forms, by their key; a set of such texts as an object. */
export type PlainTexts<G extends Groups> = {
  readonly [K in keyof (typeof en)[G] & string as K extends `${string}_${'one' | 'other'}`
    ? never
    : (typeof en)[G][K] extends `${string}{{${string}`
      ? never
      : K]: (typeof en)[G][K] extends string ? string : { readonly [E in keyof (typeof en)[G][K]]: string };
};

/**
 * `functions` and, beside them, a getter for each plain text of `group`, read in the current language
 * whenever it is read (so `texts.cutOff` is in the language of the moment, not of the import).
 */
export function withPlainTexts<G extends Groups, F extends object>(group: G, functions: F): PlainTexts<G> & F {
  const out = { ...functions } as Record<string, unknown>;
  for (const [key, value] of Object.entries(en[group] as Record<string, unknown>)) {
    if ((typeof value === 'string' && value.includes('{{')) || /_(one|other)$/.test(key) || key in out) continue;
    const get =
      typeof value === 'string'
        ? () => plainText(`${group}.${key}`)
        : () => Object.fromEntries(Object.keys(value as object).map((entry) => [entry, plainText(`${group}.${key}.${entry}`)]));
    Object.defineProperty(out, key, { enumerable: true, get });
  }
  return Object.freeze(out) as PlainTexts<G> & F;
}
