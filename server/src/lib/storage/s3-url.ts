/** Where a bucket is, from STORAGE_URL (`s3://bucket[/key-prefix]?endpoint=http://host:port&region=eu-west-1`). */
export type S3Location = { bucket: string; keyPrefix: string; endpoint: string | undefined; region: string };

export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error('must look like s3://bucket?endpoint=https://host&region=name');
  const keyPrefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error('endpoint must be an http:// or https:// URL');
  return { bucket: parsed.hostname, keyPrefix: keyPrefix ? `${keyPrefix}/` : '', endpoint, region: parsed.searchParams.get('region') ?? 'us-east-1' };
}
