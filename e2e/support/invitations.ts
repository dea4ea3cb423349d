import { expect, type APIRequestContext } from '@playwright/test';

type MailboxMessage = { to: string; body: string; links: string[] };

/**
 * The newest one-time invitation code texted to `phone` (E.164), from the development mailbox (newest first). Accepting
 * an invitation needs it: the link alone is a bearer token, the code proves the invited phone.
 */
export async function textedInvitationCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(phone)}`)).json()) as { messages: MailboxMessage[] };
      code = messages.map((m) => /^(\d{6}) is your Fieldbook code/.exec(m.body)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code!;
}
