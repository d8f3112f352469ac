// oidc-provider ships no types: the part the tests use.
declare module 'oidc-provider' {
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  type Configuration = {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, unknown>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    jwks?: { keys: Record<string, unknown>[] };
    ttl?: Record<string, number>;
  };
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host?: string): import('node:http').Server;
  }
}
