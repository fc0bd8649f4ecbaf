// Outbound mail (docs/architecture.md §4): the product's own messages (invitations, password resets, the
// admin test e-mail), relayed through nodemailer to SMTP_RELAY_URL. Templates come in text and
// HTML; every value interpolated into HTML is escaped.
import nodemailer from 'nodemailer';
import { PRODUCT_NAME } from '@app/shared';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface OutboundMail extends Omit<MailContent, 'html'> {
  from: string;
  to: string;
  html?: string | null;
  headers?: Record<string, string>;
}

export interface SendResult {
  messageId: string | null;
  accepted: string[];
  rejected: string[];
}

/** Sends through the configured relay. `configured` is false when SMTP_RELAY_URL is unset. */
export interface MailSender {
  readonly configured: boolean;
  send(mail: OutboundMail): Promise<SendResult>;
  close(): void;
}

export class RelayNotConfiguredError extends Error {
  constructor() {
    super('No mail relay is configured (SMTP_RELAY_URL).');
  }
}

/** nodemailer's DKIM signing of one message: the From domain's key. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface MailSenderOptions {
  timeoutMs?: number;
  /** The name given in EHLO (MX_HOSTNAME), rather than the machine's host name. */
  heloName?: string;
  /** The DKIM key for a From address; every message from a served domain is signed. */
  dkimFor?: (from: string) => Promise<DkimSigning | null>;
}

/**
 * A sender for `relayUrl` (smtp://user:pass@host:port, smtps:// for implicit TLS). Time-outs are
 * bounded so a dead relay fails the attempt instead of holding a worker.
 */
export function createMailSender(relayUrl: string | undefined, opts: MailSenderOptions = {}): MailSender {
  if (!relayUrl) {
    return {
      configured: false,
      send: () => Promise.reject(new RelayNotConfiguredError()),
      close: () => undefined,
    };
  }
  const timeout = opts.timeoutMs ?? 30_000;
  const transport = nodemailer.createTransport({
    url: relayUrl,
    ...(opts.heloName ? { name: opts.heloName } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    configured: true,
    async send(mail) {
      const dkim = opts.dkimFor ? await opts.dkimFor(mail.from) : null;
      const info = await transport.sendMail({
        ...(dkim ? { dkim } : {}),
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      const list = (v: unknown) =>
        Array.isArray(v) ? v.map((a) => (typeof a === 'string' ? a : String((a as { address?: string }).address))) : [];
      return { messageId: info.messageId ?? null, accepted: list(info.accepted), rejected: list(info.rejected) };
    },
    close: () => transport.close(),
  };
}

/** A relay's 5xx answer will not change on retry; anything else (network, 4xx) may. */
export function isPermanentSendError(err: unknown): boolean {
  if (err instanceof RelayNotConfiguredError) return true;
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * What went wrong, without secrets: nodemailer's message (which may quote the relay's reply) with
 * anything that looks like URL credentials removed, and the parts it concerns (the recipient for a
 * refused RCPT, else the relay).
 */
export function describeSendError(err: unknown, to?: string): { message: string; relatedTo: string[] } {
  const e = err as { message?: unknown; command?: unknown; code?: unknown };
  const raw = typeof e.message === 'string' && e.message ? e.message : 'Unknown error.';
  const message = raw.replace(/\/\/[^/\s@]*@/g, '//').slice(0, 500);
  const relatedTo =
    err instanceof RelayNotConfiguredError ? ['SMTP_RELAY_URL'] : e.command === 'RCPT TO' && to ? [to] : ['relay'];
  return { message, relatedTo };
}

// ---- Templates ----

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** One-line values (names) never carry line breaks into a mail. */
const oneLine = (v: string) => v.replace(/[\r\n\t]+/g, ' ').trim();

function layout(title: string, bodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    bodyHtml,
    `<p style="margin:24px 0 0;font-size:12px;color:#656d76">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

function button(link: string, label: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#0969da;color:#ffffff;` +
    `padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>` +
    `<p style="font-size:12px;color:#656d76;word-break:break-all">${escapeHtml(link)}</p>`
  );
}

const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(p)}</p>`)
    .join('\n');

export function invitationMail(input: {
  name: string;
  message: string;
  link: string;
  inviterName: string;
  days: number;
}): MailContent {
  const name = oneLine(input.name) || 'there';
  const inviter = oneLine(input.inviterName) || 'The admin';
  const message = input.message.trim();
  const subject = `You are invited to ${PRODUCT_NAME}`;
  const text = [
    `Hello ${name},`,
    '',
    `${inviter} invited you to ${PRODUCT_NAME}, a private e-mail alias service.`,
    ...(message ? ['', message] : []),
    '',
    'Accept the invitation and choose your username and password here:',
    input.link,
    '',
    `The link works once and expires in ${input.days} days.`,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 12px">Hello ${escapeHtml(name)},</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(inviter)} invited you to ${escapeHtml(PRODUCT_NAME)}, a private e-mail alias service.</p>`,
      message
        ? `<blockquote style="margin:0 0 12px;padding-left:12px;border-left:3px solid #d0d7de">${paragraphs(message)}</blockquote>`
        : '',
      button(input.link, 'Accept the invitation'),
      `<p style="margin:0;font-size:13px">The link works once and expires in ${input.days} days.</p>`,
    ].join('\n'),
  );
  return { subject, text, html };
}

export function resetMail(input: { name: string; link: string; hours: number }): MailContent {
  const name = oneLine(input.name) || 'there';
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const hours = `${input.hours} hour${input.hours === 1 ? '' : 's'}`;
  const text = [
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your account. Choose a new one here:',
    input.link,
    '',
    `The link works once and expires in ${hours}. Resetting signs out your other sessions.`,
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 12px">Hello ${escapeHtml(name)},</p>`,
      '<p style="margin:0 0 12px">Someone (hopefully you) asked to reset the password of your account.</p>',
      button(input.link, 'Choose a new password'),
      `<p style="margin:0 0 12px;font-size:13px">The link works once and expires in ${escapeHtml(hours)}. Resetting signs out your other sessions.</p>`,
      '<p style="margin:0;font-size:13px">If you did not ask for this, ignore this mail: your password stays as it is.</p>',
    ].join('\n'),
  );
  return { subject, text, html };
}

/**
 * Tells the owner that a credential was added or removed (docs/security.md W17): what changed, when
 * and from which address, and never the credential itself, so the mail is safe to read anywhere.
 */
export function credentialChangeMail(input: { name: string; what: string; when: Date; from: string; link: string }): MailContent {
  const name = oneLine(input.name) || 'there';
  const what = oneLine(input.what);
  const when = input.when.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
  const from = oneLine(input.from);
  const subject = `Security notice: ${what.charAt(0).toLowerCase()}${what.slice(1)}`;
  const text = [
    `Hello ${name},`,
    '',
    `${what} on your ${PRODUCT_NAME} account.`,
    '',
    `When: ${when}`,
    `From the address: ${from}`,
    '',
    'If this was you, there is nothing to do. If it was not, reset your password now: a reset signs',
    'everyone out and ends your API tokens. Then check your passkeys and two-factor settings:',
    input.link,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 12px">Hello ${escapeHtml(name)},</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(what)} on your ${escapeHtml(PRODUCT_NAME)} account.</p>`,
      `<p style="margin:0 0 12px">When: ${escapeHtml(when)}<br>From the address: ${escapeHtml(from)}</p>`,
      '<p style="margin:0 0 12px">If this was you, there is nothing to do. If it was not, reset your password now: a reset signs everyone out and ends your API tokens. Then check your passkeys and two-factor settings.</p>',
      button(input.link, 'Review your account'),
    ].join('\n'),
  );
  return { subject, text, html };
}

export function testMail(input: { when: Date; publicUrl: string }): MailContent {
  const subject = `${PRODUCT_NAME} test e-mail`;
  const when = input.when.toISOString();
  const text = [
    `This is a test e-mail from ${PRODUCT_NAME} at ${input.publicUrl}.`,
    '',
    `Sent ${when}.`,
    'The outbound mail relay works.',
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 12px">This is a test e-mail from ${escapeHtml(PRODUCT_NAME)} at ${escapeHtml(input.publicUrl)}.</p>`,
      `<p style="margin:0 0 12px">Sent ${escapeHtml(when)}.</p>`,
      '<p style="margin:0">The outbound mail relay works.</p>',
    ].join('\n'),
  );
  return { subject, text, html };
}

export interface DigestEntry {
  sender: string;
  subject: string;
  received: Date;
}

/** The periodic summary of new mail at one alias, sent to the owner's own address. */
export function digestMail(input: {
  address: string;
  total: number;
  entries: DigestEntry[];
  link: string;
  period: string;
}): MailContent {
  const count = `${input.total} new message${input.total === 1 ? '' : 's'}`;
  const subject = `${count} at ${oneLine(input.address)}`;
  const more = input.total - input.entries.length;
  const line = (e: DigestEntry) =>
    `${e.received.toISOString().slice(0, 16).replace('T', ' ')}  ${oneLine(e.sender)}: ${oneLine(e.subject) || '(no subject)'}`;
  const text = [
    `Your ${input.period} digest for ${input.address}: ${count}.`,
    '',
    ...input.entries.map(line),
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    `Read them: ${input.link}`,
  ].join('\n');
  const rows = input.entries
    .map(
      (e) =>
        `<tr><td style="padding:4px 8px 4px 0;color:#656d76;white-space:nowrap">${escapeHtml(e.received.toISOString().slice(0, 16).replace('T', ' '))}</td>` +
        `<td style="padding:4px 8px 4px 0">${escapeHtml(oneLine(e.sender))}</td><td style="padding:4px 0">${escapeHtml(oneLine(e.subject) || '(no subject)')}</td></tr>`,
    )
    .join('\n');
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 12px">Your ${escapeHtml(input.period)} digest for <strong>${escapeHtml(input.address)}</strong>.</p>`,
      `<table style="border-collapse:collapse;font-size:14px">${rows}</table>`,
      more > 0 ? `<p style="margin:12px 0 0">…and ${more} more.</p>` : '',
      button(input.link, 'Open the inbox'),
    ].join('\n'),
  );
  return { subject, text, html };
}

/** The notice that an alias stops taking mail soon (docs/product.md §3 Alias, expires), sent to the owner once. */
export function expiryNoticeMail(input: { address: string; expires: Date; link: string }): MailContent {
  const when = input.expires.toISOString().slice(0, 16).replace('T', ' ');
  const subject = `${oneLine(input.address)} expires on ${when} UTC`;
  const text = [
    `Your alias ${input.address} stops accepting mail on ${when} UTC.`,
    '',
    `To keep it, extend it: ${input.link}`,
  ].join('\n');
  const html = layout(
    subject,
    [
      `<p style="margin:0 0 12px">Your alias <strong>${escapeHtml(input.address)}</strong> stops accepting mail on ${escapeHtml(when)} UTC.</p>`,
      button(input.link, 'Open the alias'),
    ].join('\n'),
  );
  return { subject, text, html };
}

/** New mail at one alias since the last note: how many, and the sender domains only. */
export interface NotificationEntry {
  address: string;
  count: number;
  domains: string[];
}

/**
 * One line per alias, without subject, body or full sender address (docs/security.md NT1): the
 * note may be read on a lock screen or by the mailbox provider of the account's own address.
 */
export function notificationLines(entries: NotificationEntry[]): string[] {
  return entries.map((e) => {
    const from = e.domains.length ? e.domains.map(oneLine).join(', ') : 'an unknown sender';
    return `${e.count} new message${e.count === 1 ? '' : 's'} at ${oneLine(e.address)} from ${from}`;
  });
}

/** The content-free e-mail note of new mail (docs/product.md §3 "Notifications"). */
export function notificationMail(input: { entries: NotificationEntry[]; link: string }): MailContent {
  const total = input.entries.reduce((n, e) => n + e.count, 0);
  const subject = `${total} new message${total === 1 ? '' : 's'} at your aliases`;
  const lines = notificationLines(input.entries);
  const text = [...lines, '', `Read them: ${input.link}`].join('\n');
  const html = layout(
    subject,
    [...lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`), button(input.link, 'Open your aliases')].join('\n'),
  );
  return { subject, text, html };
}
