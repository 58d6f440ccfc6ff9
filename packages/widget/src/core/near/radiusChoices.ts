/**
 * The radius choices of the location field (issue 25): 25, 50, 100 and 250 in the
 * locale's unit (kilometres, or miles where it counts in miles), each sent in km.
 */
import { KM_PER_MILE, countsInMiles, formatDistance } from '../formatDistance';

export const RADIUS_STEPS = [25, 50, 100, 250] as const;

export interface RadiusChoice {
  /** What the server gets. */
  km: number;
  /** "25 km", "25 mi", "٢٥ كم". */
  label: string;
}

export function radiusChoices(locale: string): RadiusChoice[] {
  const factor = countsInMiles(locale) ? KM_PER_MILE : 1;
  return RADIUS_STEPS.map((step) => {
    const km = Math.round(step * factor * 1000) / 1000;
    return { km, label: formatDistance(km, locale) };
  });
}
