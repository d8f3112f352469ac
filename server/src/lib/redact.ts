const SECRET_PARAMS = /([?&](?:token|password|id_token|access_token|signature|sig)=)[^&]*/gi;

/** The URL as it may be logged: secret query values replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[redacted]');
