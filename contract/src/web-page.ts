// What the server writes into the web app's page for the landing (`GET /`), read by the web app at start.

/**
 * The id of the `<script type="application/json">` holding the landing's answer (GET /api/landing), so the first
 * page paints its banner without another round trip.
 */
export const LANDING_DATA_ELEMENT_ID = 'mm-landing-data';

/**
 * The still behind the landing's headline until the hero plays (web/public, 960x360 webp, 5 KB): frames of the hero
 * montage side by side, blurred so none of their words competes with the headline. The server preloads it with the
 * page; the poster the hero asset gets at import is its plain opening card, an empty dark box behind the headline.
 */
export const LANDING_STILL = { path: '/landing-hero.webp', width: 960, height: 360 } as const;
