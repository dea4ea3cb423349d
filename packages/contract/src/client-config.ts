/**
 * The part of the contract the web app needs before anything else loads: where the deployment's client config is
 * and how an origin is read. No zod here on purpose — the entry chunk imports this (through the
 * `@fieldbook/contract/client-config` export) and the login route must not pay for the schemas (design.md §11:
 * login route ≤ 150 kB gzip). settings.ts builds the endpoint and its schema on these.
 */

export const CLIENT_CONFIG_PATH = '/api/client-config';

/**
 * The origin of an absolute http(s) URL, as URL#origin gives it ('HTTPS://Api.Example.com:443/v1' →
 * 'https://api.example.com'), or null. Written out because the contract runs without DOM or Node typings.
 */
export function httpOrigin(url: string): string | null {
  const m = /^(https?):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(?:[/?#]|$)/i.exec(url.trim());
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase();
  const port = m[3] && !((scheme === 'http' && m[3] === '80') || (scheme === 'https' && m[3] === '443')) ? `:${Number(m[3])}` : '';
  return `${scheme}://${host}${port}`;
}

/**
 * `api_origins` of a client-config response, or an error naming what is wrong. The same rule as ClientConfigSchema's
 * field (an array of strings), checked by hand for the reason above; a test holds the two to the same answers.
 */
export function readApiOrigins(body: unknown): string[] {
  const origins = typeof body === 'object' && body !== null ? (body as { api_origins?: unknown }).api_origins : undefined;
  if (!Array.isArray(origins) || !origins.every((o): o is string => typeof o === 'string')) {
    throw new Error('client config: api_origins must be an array of strings');
  }
  return origins;
}
