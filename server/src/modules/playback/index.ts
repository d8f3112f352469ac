/** The playback module's public face: what other modules may use of it (they import nothing else of it). */
export { reportWatchTime } from './playback.service.ts';
