import { countOf } from '@mm/contract';
/** The caller's place in the organization's ranking, and the leader's points when known. */
export type RankingStanding = { ranking: number; points: number; leaderPoints?: number };

export const FIRST_PLACE = 'You are in 1º place, congratulations!';
export const NO_POINTS_YET = 'Watch a video to earn points and enter the ranking';
export const TIED_WITH_LEADER = 'You are tied on points with the first place, who reached them first';

/**
 * The ranking line of the weekly stats (member spec, section 2). The spec's two sentences stay exact;
 * a member without points is not ranked by a tie-break among zeros, and a tie with the leader is said as such.
 */
export function rankingSentence({ ranking, points, leaderPoints }: RankingStanding): string {
  if (points <= 0) return NO_POINTS_YET;
  if (ranking <= 1) return FIRST_PLACE;
  if (leaderPoints !== undefined && points >= leaderPoints) return TIED_WITH_LEADER;
  const behind = ranking - 1;
  return `You are ${countOf(behind, 'position')} behind the first place`;
}
