import { generatePath } from 'react-router';
import { paths } from '../../config/paths.ts';

/** The feature's links, with their ids filled in. */
export const qualificationPaths = {
  root: paths.qualifications.root,
  newStation: paths.qualifications.newStation,
  newTraining: paths.qualifications.newTraining,
  verify: paths.qualifications.verify,
  station: (stationId: number) => generatePath(paths.qualifications.station, { stationId: String(stationId) }),
  person: (userId: number) => generatePath(paths.qualifications.person, { userId: String(userId) }),
};
