/**
 * Distances as a visitor reads them (issue 25): kilometres, or miles where the locale's
 * region counts road distances in miles, through `Intl.NumberFormat`'s unit style
 * ("12 km", "7 mi", "١٢ كم"). The page always sends kilometres; only the text changes.
 */
import { numberFormat } from './formatCount';
import { DEFAULT_LOCALE } from './types';

export const KM_PER_MILE = 1.609344;

/** The United States, the United Kingdom, Liberia and Myanmar count in miles. */
export function countsInMiles(locale: string): boolean {
  return /-(US|GB|LR|MM)\b/i.test(locale || DEFAULT_LOCALE);
}

/** `km` in the locale's unit: whole numbers, one decimal under 10. */
export function formatDistance(km: number, locale: string): string {
  const miles = countsInMiles(locale);
  const value = miles ? km / KM_PER_MILE : km;
  return numberFormat(locale, {
    style: 'unit',
    unit: miles ? 'mile' : 'kilometer',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
