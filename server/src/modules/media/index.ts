/** The media module's public face: what other modules may use of it (they import nothing else of it). */
export { type MediaGate, type MediaSigner, mediaSigner } from './media-signer.ts';
