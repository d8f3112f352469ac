const SECRET_PARAMS = /([?&](?:token|token_video|password|id_token|access_token|signature|sig)=)[^&]*/gi;
/** Shared-video page paths carry the link token as their last segment. */
const SHARE_PATH = /^(\/watch\/[^/?]+\/)[^/?]+/;

/** The URL as it may be logged: secret query values and share tokens replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]').replace(SHARE_PATH, '$1[redacted]');
