import { DriveStatusSchema } from '@fieldbook/contract';
import type { GoogleStub } from '../../test/google-stub';
import type { TestContext, TestUser } from '../../test/setup-app';

/** Connect → the stub's consent (Allow) → the callback, as a browser would; answers the callback's redirect target. */
export async function connectDrive(ctx: TestContext, user: TestUser, stub: GoogleStub): Promise<string> {
  const start = await ctx.app.inject({ method: 'POST', url: '/api/drive/connect', headers: user.headers, payload: { return_to: '/jobs' } });
  if (start.statusCode !== 200) throw new Error(`connect answered ${start.statusCode}: ${start.body}`);
  const callback = new URL(stub.approve((start.json() as { authorization_url: string }).authorization_url));
  const back = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie: browserCookie(start.headers['set-cookie']) } });
  if (back.statusCode !== 302) throw new Error(`callback answered ${back.statusCode}: ${back.body}`);
  return String(back.headers.location);
}

export async function driveStatus(ctx: TestContext, user: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/drive', headers: user.headers });
  return DriveStatusSchema.parse(res.json());
}

/** The browser's cookie from a connect answer's Set-Cookie (name=value), as the browser sends it back to the callback. */
export function browserCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return header?.split(';')[0] ?? '';
}
