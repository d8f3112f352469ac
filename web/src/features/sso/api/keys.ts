export const ssoConnectionKey = ['sso', 'connection'] as const;
