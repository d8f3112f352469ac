// s3rver ships no types: the part the tests use.
declare module 's3rver' {
  type Options = {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: string[] }[];
  };
  /** The few of Koa's context a middleware of the tests reads and sets. */
  type Context = { method: string; path: string; query: Record<string, string | undefined>; status: number; body: unknown; type: string };
  export default class S3rver {
    constructor(options: Options);
    /** Koa's middleware stack (s3rver is a Koa application), composed when it starts. */
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void> | void)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
