// What the server writes into the web app's page for the landing (`GET /`), read by the web app at start.

/**
 * The id of the `<script type="application/json">` holding the landing's answer (GET /api/landing), so the first
 * page paints its banner without another round trip.
 */
export const LANDING_DATA_ELEMENT_ID = 'mm-landing-data';
