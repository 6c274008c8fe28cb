import i18next from 'i18next';
import { en, type Catalog } from './locales/en';
import { ja } from './locales/ja';

/**
 * The page's language (issue 15 item 10): English or Japanese through i18next, first from the
 * browser's languages (ja* → Japanese), then the player's choice, remembered in localStorage.
 */

export type Language = 'en' | 'ja';
export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'EN' },
  { code: 'ja', label: '日本語' },
];
const STORE = 'jantaku.language';

/** The browser's parts used here, read from globalThis: pure tests load this module in Node, without a DOM. */
const page = globalThis as unknown as {
  localStorage?: { getItem(k: string): string | null; setItem(k: string, v: string): void };
  document?: { documentElement: { lang: string } };
  navigator?: { language?: string; languages?: readonly string[] };
};

/** The browser's choice: the first of its languages that is Japanese or English. */
export function browserLanguage(languages: readonly string[]): Language {
  for (const l of languages) {
    if (/^ja\b/i.test(l)) return 'ja';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
}

function stored(): Language | null {
  try {
    const v = page.localStorage?.getItem(STORE);
    return v === 'en' || v === 'ja' ? v : null;
  } catch {
    return null;
  }
}

const first = stored() ?? browserLanguage(page.navigator?.languages ?? (page.navigator?.language ? [page.navigator.language] : []));

void i18next.init({
  lng: first,
  fallbackLng: 'en',
  resources: { en: { translation: en }, ja: { translation: ja } },
  // Keys are flat ("lobby.create"); text goes into the DOM as text, never as HTML.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
if (page.document) page.document.documentElement.lang = first;

/** A catalog entry, with `{{name}}` values filled in. */
export function t(key: keyof Catalog, values?: Record<string, string | number>): string {
  return i18next.t(key, values ?? {}) as string;
}

export const language = (): Language => (i18next.language === 'ja' ? 'ja' : 'en');

const listeners = new Set<() => void>();

/** Called after each switch of language (the current page draws itself again); returns the unsubscribe. */
export function onLanguage(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Switches the page's language and remembers it. */
export function setLanguage(l: Language): void {
  try {
    page.localStorage?.setItem(STORE, l);
  } catch {
    // Private mode: the choice lasts this page only.
  }
  if (l === language()) return;
  void i18next.changeLanguage(l);
  if (page.document) page.document.documentElement.lang = l;
  for (const fn of [...listeners]) fn();
}

/** A record whose values are read from the catalog at each use, so a switch of language shows at the next draw. */
export function localised<K extends string>(keys: Record<K, keyof Catalog>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of Object.keys(keys) as K[]) Object.defineProperty(out, k, { get: () => t(keys[k]), enumerable: true });
  return out;
}
