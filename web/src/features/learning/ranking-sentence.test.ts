import { describe, expect, it } from 'vitest';
import { catalogTranslator } from '../../lib/i18n-catalogs.test-helper.ts';
import { type RankingStanding, rankingSentence as sentence } from './ranking-sentence.ts';

const en = await catalogTranslator('en', 'home');
const es = await catalogTranslator('es', 'home');
const rankingSentence = (standing: RankingStanding) => sentence(standing, en);
const FIRST_PLACE = en('ranking.first');
const NO_POINTS_YET = 'Watch a video to earn points and enter the ranking';
const TIED_WITH_LEADER = 'You are tied on points with the first place, who reached them first';

describe('ranking sentence', () => {
  it('congratulates the leader with the spec text', () => {
    expect(rankingSentence({ ranking: 1, points: 130, leaderPoints: 130 })).toBe('You are in 1º place, congratulations!');
    expect(FIRST_PLACE).toBe('You are in 1º place, congratulations!');
  });

  it('never congratulates a member without points, even at the top of an empty ranking', () => {
    expect(rankingSentence({ ranking: 1, points: 0, leaderPoints: 0 })).toBe(NO_POINTS_YET);
    expect(rankingSentence({ ranking: 1, points: 0 })).toBe(NO_POINTS_YET);
    expect(rankingSentence({ ranking: 5002, points: 0, leaderPoints: 300 })).toBe(NO_POINTS_YET);
  });

  it('says one position in the singular and the others in the plural', () => {
    expect(rankingSentence({ ranking: 2, points: 10, leaderPoints: 60 })).toBe('You are 1 position behind the first place');
    expect(rankingSentence({ ranking: 4, points: 10, leaderPoints: 60 })).toBe('You are 3 positions behind the first place');
    expect(rankingSentence({ ranking: 3, points: 10 })).toBe('You are 2 positions behind the first place');
  });

  it('says a tie with the leader instead of counting positions that only the tie-break made', () => {
    expect(rankingSentence({ ranking: 2, points: 60, leaderPoints: 60 })).toBe(TIED_WITH_LEADER);
    expect(rankingSentence({ ranking: 3, points: 60, leaderPoints: 60 })).toBe(TIED_WITH_LEADER);
  });

  it('speaks Spanish with Spanish plurals', () => {
    expect(sentence({ ranking: 2, points: 10, leaderPoints: 60 }, es)).toBe('Está a 1 puesto del primer lugar');
    expect(sentence({ ranking: 1202, points: 10 }, es)).toBe('Está a 1201 puestos del primer lugar');
    expect(sentence({ ranking: 1202, points: 10 }, en)).toBe('You are 1,201 positions behind the first place');
  });
});
