/** The stations module's public face: what other modules may use of it (they import nothing else of it). */
export { namesOf, peopleOf, superUsersOf, teamMemberIds } from './organization-people.queries.ts';
export { assertCanManageQualifications, assertCanReadStations } from './stations.policy.ts';
export {
  findStation,
  listStations,
  requiredVideosOf,
  type StationRow,
  stationsByIds,
  stationsRequiring,
  stationsTrainedBy,
  stationVideos,
} from './stations.queries.ts';
export {
  type CheckedStationInput,
  checkedStationInput,
  createStation,
  describeStation,
  NOT_IN_ORGANIZATION,
  PERSON_NOT_FOUND,
  STATION_NOT_FOUND,
  stationOrFail,
  writeStation,
} from './stations.service.ts';
