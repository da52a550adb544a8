import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The outbox of a test server's data directory (one .eml file per message). */
export const outboxOf = (dataDir: string) => join(dataDir, 'outbox');

export type OutboxMessage = { file: string; raw: string; text: string; mode: number };

/** Quoted-printable soft breaks and escapes undone, so links and names read as sent. */
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Every message in an outbox sent to `email`, oldest first. */
export function messagesTo(outbox: string, email: string): OutboxMessage[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((name) => join(outbox, name))
    .map((file) => ({ file, raw: readFileSync(file, 'utf8'), mode: statSync(file).mode & 0o777 }))
    .filter((message) => message.raw.includes(`To: ${email}`))
    .map((message) => ({ ...message, text: decodeQuotedPrintable(message.raw) }));
}

/** The magic link from the newest message sent to `email`, waiting for it to arrive. */
export async function magicLinkFor(outbox: string, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const newest = messagesTo(outbox, email).at(-1);
        link = newest ? /https?:\/\/\S+\/library\/[A-Za-z0-9_~-]+/.exec(newest.text)?.[0] : undefined;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/**
 * The plain-text part of a message as its reader sees it: transfer encoding undone (nodemailer
 * sends mostly non-Latin text as base64) and the bytes read as UTF-8, so any language can be checked.
 */
export function plainTextOf(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const head = part.slice(0, split.index);
    if (!/^Content-Type:\s*text\/plain/im.test(head)) continue;
    const body = part.slice(split.index + split[0].length).replace(/\r?\n--[^\r\n]+--\s*$/, '');
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable')
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    return body;
  }
  throw new Error('the message has no text/plain part');
}
