import { LANDING_DATA_ELEMENT_ID, type LandingData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const PREPARING_POLL_MS = 5000;

/** The landing content (GET /api/landing): titles and signed media URLs, which live for hours. */
export const landingQuery = queryOptions({
  queryKey: ['landing'],
  queryFn: async () => (await apiRequest(routes.landing)).data,
  // The server writes the same answer into the page it serves at `/`: the first paint needs no round trip.
  initialData: landingInPage,
  staleTime: 30 * 60_000,
  // While a clip's streams are prepared (a first start), ask again until each can play.
  refetchInterval: (query) => (Object.values(query.state.data?.preparing ?? {}).some(Boolean) ? PREPARING_POLL_MS : false),
  retry: 1,
});

export const useLanding = () => useQuery(landingQuery);

function landingInPage(): LandingData | undefined {
  const element = document.getElementById(LANDING_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  // Read once: a later visit to the landing within the app asks the server, as the URLs may have expired.
  element.remove();
  return JSON.parse(element.textContent) as LandingData;
}
