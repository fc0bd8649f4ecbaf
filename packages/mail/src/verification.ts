import { createRequire } from 'node:module';
import { decodeHTML } from 'entities';
import type * as Parse5 from 'parse5';
import type { DefaultTreeAdapterTypes as Tree } from 'parse5';
import type { Verification } from '@app/shared';
import { redirectTarget } from './sanitize';

/**
 * The one-time code and the confirmation link of a message (docs/product.md §3 Message, verification),
 * found by heuristics over its subject, its text and the links of its HTML. Runs at ingest on every
 * message, so it is pure, linear and bounded: the text it reads and the HTML it parses are cut to
 * fixed sizes, and every pattern below is free of nested repetition.
 */

const requireLazy = createRequire(import.meta.url);

export interface VerificationInput {
  subject: string;
  /** The plain text (mailparser derives it from HTML-only mail). */
  text: string | null;
  /** The HTML part as sent; its text and its links are read here. */
  html: string | null;
}

/** Only this much of the text is searched: codes and confirmation links sit at the top of a mail. */
const MAX_TEXT = 20_000;
/** HTML beyond this is not parsed for links (the text still is searched). */
const MAX_HTML = 120_000;
const MAX_LINKS = 300;
const MAX_LINK_LENGTH = 2048;
/** How far (characters) a code may be from its keyword: before it, and after it ("123456 is your code"). */
const KEYWORD_BEFORE = 110;
const KEYWORD_AFTER = 60;
/** How far a code's line is looked at on either side. */
const LINE = 200;
/** How much text before and after a link is its context. */
const CONTEXT_BEFORE = 160;
const CONTEXT_AFTER = 60;

// ---- codes ----------------------------------------------------------------------------------

const CODE_WORDS = new Set([
  'code',
  'codes',
  'passcode',
  'otp',
  'pin',
  'tan',
  '2fa',
  'one-time',
  'onetime',
  'código',
  'codigo',
  'codice',
  'clave',
  'kod',
  'koden',
  'kode',
  'koden',
  'koodi',
  'kód',
  'код',
  'verification',
  'verify',
  'vérification',
  'verificación',
  'verifica',
  'verificação',
  'verificacao',
  'verificatie',
  'verifizierung',
  'einmalpasswort',
  'einmalkennwort',
]);
/** Compounds such as Bestätigungscode or verificatiecode: a code word after one of these stems. */
const CODE_COMPOUND_WORD =
  '(?:bestätigungs|bestaetigungs|sicherheits|verifizierungs|einmal|anmelde|login|zugangs|freischalt|authentifizierungs|verificatie|bevestigings|beveiligings|inlog|verifierings|engångs|bekräftelse|bekræftelses|bekreftelses|sikkerheds|vahvistus|tunnistautumis|weryfikacyjn|doğrulama|ověřovací)(?:code|kod|kode|koodi|kód)s?';
const CODE_COMPOUND = new RegExp(`^${CODE_COMPOUND_WORD}$`, 'u');
/**
 * Any code word standing as a word, in a lower-cased text: what keywordsOf needs to find one. Most
 * mail has none, and one pass of this is a quarter of the cost of splitting the text into words.
 */
const ANY_CODE_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...CODE_WORDS].join('|')}|${CODE_COMPOUND_WORD})(?!-*[\\p{L}\\p{N}])`,
  'u',
);
/** Words that make a nearby "code" something else: a postcode, a voucher, a booking. */
const NOT_CODE =
  /^(?:zip|post|postal|postcode|reference|ref|referenz|référence|referencia|riferimento|referência|referentie|order|customer|client|kunden|member|account|appointment|ticket|case|postleitzahl|plz|promo|promotional|promotion|discount|coupon|voucher|gift|referral|invite|tracking|qr|bar|source|area|country|dress|sort|swift|tax|product|item|sku|error|status|booking|buchungs|reservation|rabatt|gutschein|aktions|korting|kortings|kassa|sconto|descuento|desconto|réduction|reduction|postale|promozionale|cupom|cupón|cupon|gutscheincode|rabattcode|kortingscode|promocode|postcode|barcode|zipcode)$/u;

/** What stands right before a number that is not a code (an order, a price, a phone number, …). */
const NOT_CODE_BEFORE =
  /(?:^|[^\p{L}])(?:order|orders|bestellung|bestellnummer|auftrag|auftragsnummer|commande|pedido|ordine|encomenda|bestelling|bestelnummer|invoice|rechnung|rechnungsnummer|facture|factura|fattura|fatura|factuur|receipt|beleg|quittung|reçu|recibo|ricevuta|ticket|case|incident|vorgang|dossier|tracking|sendung|sendungsnummer|paket|suivi|colis|seguimiento|envío|envio|spedizione|rastreamento|pakket|zending|track|trace|ref|reference|referenz|référence|referencia|riferimento|referência|referentie|kennzeichen|customer|kunde|kunden|kundennummer|client|cliente|klant|klantnummer|card|karte|carte|tarjeta|carta|cartão|kaart|ending|endet|endend|member|mitglied|membre|socio|lid|account|konto|iban|bic|phone|tel|telefon|telefone|téléphone|teléfono|telefono|telefoon|fax|call|hotline|mobile|mobil|handy|whatsapp|sms to|zip|postcode|post code|postal code|plz|cap|cp|booking|buchung|buchungsnummer|réservation|reserva|prenotazione|boeking|flight|flug|vol|vuelo|volo|voo|vlucht|seat|gate|room|zimmer|total|amount|betrag|summe|montant|importe|importo|valor|bedrag|price|preis|prix|precio|prezzo|preço|prijs|subtotal|tax|vat|mwst|tva|iva|btw|number|nummer|numéro|número|numero|nr|no|n°|nº|id|serial|isbn|version|build|year|jahr|année|año|anno|ano|jaar|street|straße|strasse|rue|calle|via|rua|straat|suite|apt|box|postfach|since|seit|depuis|desde|dal|sinds|©|copyright|ext)\.?\s*[:#.\-–]?\s*(?:is\s*|ist\s*|est\s*|es\s*|è\s*|é\s*|lautet\s*)?[:#]?\s*$/iu;

/** What stands right after a number that is not a code (a duration, an amount, a unit). */
const NOT_CODE_AFTER =
  /^\s?(?:%|‰|€|\$|£|¥|eur|euro|euros|usd|gbp|chf|sek|nok|dkk|pln|kr|zł|percent|prozent|pour cent|por ciento|per cento|procent|minutes?|minuten|min|mins|minutos|minuti|hours?|stunden|std|heures|horas|ore|uur|days?|tage[ns]?|jours|días|dias|giorni|dagen|seconds?|sekunden|km|kg|mb|gb|kb|px|mm|cm|ml|l\b|points|punkte|pts|miles|meilen|items?|artikel|stück|pcs|x\b)/iu;

/** A year-looking 4-digit number is a year unless a code keyword stands right before it. */
const YEAR = /^(?:19|20)\d\d$/;

interface Candidate {
  code: string;
  start: number;
  end: number;
}

/**
 * Digit runs (single groups, or groups split by one space or dash: "123 456", "12-34-56") and
 * letter+digit tokens, each taken whole: a run that touches a letter, a digit or a
 * number's punctuation on either side is part of something else (a tracking number, a decimal, a
 * date, a time, an address).
 */
const TOKEN = /[\p{L}\p{N}]+(?:[ \u00a0\-–][0-9]+)*/gu;

function candidatesOf(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    const prev = text[start - 1] ?? '';
    const prev2 = text[start - 2] ?? '';
    const next = text[end] ?? '';
    const next2 = text[end + 1] ?? '';
    // Decimals, dates, times, versions, paths, amounts, phone prefixes, addresses, ids.
    if (/[#+@/\\$€£¥&=_]/.test(prev) || /[@/\\%€_]/.test(next)) continue;
    if (/[.,:'’]/.test(prev) && /\p{N}/u.test(prev2)) continue;
    if (/[.,:'’\-–]/.test(next) && /[\p{L}\p{N}]/u.test(next2)) continue;
    if (/[-–]/.test(prev) && /[\p{L}\p{N}]/u.test(prev2)) {
      // "G-123456": a one- or two-letter sender prefix before a numeric code is kept (Google writes so).
      if (!/^\d+$/.test(raw) || !/(?:^|[^\p{L}\p{N}])[A-Z]{1,2}$/u.test(text.slice(Math.max(0, start - 4), start - 1))) continue;
    }
    const groups = raw.split(/[ \u00a0\-–]/);
    if (groups.length === 1) {
      if (/^\d{4,8}$/.test(raw)) out.push({ code: raw, start, end });
      else if (isAlphanumericCode(raw)) out.push({ code: raw, start, end });
      continue;
    }
    // The first group may be a word ("code 123 456"): only the digit groups after it count.
    const first = groups[0]!;
    const digitGroups = /^\d+$/.test(first) ? groups : groups.slice(1);
    const offset = /^\d+$/.test(first) ? 0 : first.length + 1;
    if (offset && isAlphanumericCode(first)) {
      out.push({ code: first, start, end: start + first.length });
    }
    const digits = digitGroups.join('');
    const sizes = new Set(digitGroups.map((g) => g.length));
    if (digitGroups.length === 1) {
      if (/^\d{4,8}$/.test(digits)) out.push({ code: digits, start: start + offset, end });
    } else if (sizes.size === 1 && digits.length >= 4 && digits.length <= 8 && ([...sizes][0]! >= 2 || digitGroups.length >= 4)) {
      // Only evenly split runs: "123 456" and "4 7 1 2" are codes, "0800 123 456" a phone number, "2026-11-26" a date.
      out.push({ code: digits, start: start + offset, end });
    }
  }
  return out;
}

/**
 * Letters and digits, both present: 5 to 8 in upper case ("K7Q2M9", Steam's "F4GW2"), or 6 in lower
 * case with at least two digits ("x7k2q9").
 */
function isAlphanumericCode(s: string): boolean {
  if (!/^[A-Za-z0-9]{5,8}$/.test(s) || !/\d/.test(s) || !/[A-Za-z]/.test(s)) return false;
  if (s === s.toUpperCase()) return true;
  return s.length === 6 && !/[A-Z]/.test(s) && s.replace(/\D/g, '').length >= 2;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}-]*/gu;

/** Where code keywords stand in a text (start offsets of the words), the negated ones left out. */
function keywordsOf(lower: string): number[] {
  if (!ANY_CODE_WORD.test(lower)) return [];
  const words = [...lower.matchAll(WORD)].map((m) => ({ w: m[0].replace(/-+$/, ''), at: m.index, end: m.index + m[0].length }));
  // A neighbour counts only in the same phrase: "Dear Customer,\n\nOTP" is no customer OTP.
  const joined = (a: { end: number } | undefined, b: { at: number } | undefined) =>
    !!a && !!b && /^[ \t\u00a0-]{1,3}$/.test(lower.slice(a.end, b.at));
  const found: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const { w, at } = words[i]!;
    if (!CODE_WORDS.has(w) && !CODE_COMPOUND.test(w)) continue;
    // "zip code", "promo code", "code promo", "codice sconto", "código de descuento", "code postal".
    const before = joined(words[i - 1], words[i]) ? words[i - 1]!.w : '';
    const after = joined(words[i], words[i + 1]) ? words[i + 1]!.w : '';
    const after2 = after && joined(words[i + 1], words[i + 2]) ? words[i + 2]!.w : '';
    if (NOT_CODE.test(before) || NOT_CODE.test(after) || ((after === 'de' || after === 'di') && NOT_CODE.test(after2))) continue;
    found.push(at);
  }
  return found;
}

/** The best code of one text: the candidate nearest a keyword, standing alone on its line preferred. */
function bestCode(text: string): { code: string; score: number } | null {
  const keywords = keywordsOf(text.toLowerCase());
  if (!keywords.length) return null;
  let best: { code: string; score: number } | null = null;
  // Candidates and keywords both come in text order: one pointer finds each candidate's neighbours.
  let next = 0;
  for (const c of candidatesOf(text)) {
    while (next < keywords.length && keywords[next]! < c.start) next++;
    const kBefore = next > 0 ? keywords[next - 1]! : -Infinity;
    const kAfter = next < keywords.length ? keywords[next]! : Infinity;
    const dBefore = c.start - kBefore;
    const dAfter = kAfter - c.end;
    const distance = Math.min(
      dBefore <= KEYWORD_BEFORE ? dBefore : Infinity,
      dAfter >= 0 && dAfter <= KEYWORD_AFTER ? dAfter : Infinity,
    );
    if (distance === Infinity) continue;
    // Only the candidate's own line counts as its surroundings (looked at within LINE characters).
    const head = text.slice(Math.max(0, c.start - LINE), c.start);
    const newline = head.lastIndexOf('\n');
    const lineHead = newline >= 0 ? head.slice(newline + 1) : c.start <= LINE ? head : null;
    const tail = text.slice(c.end, c.end + LINE);
    const lineTail = tail.includes('\n') ? tail.slice(0, tail.indexOf('\n')) : c.end + LINE >= text.length ? tail : null;
    const before = (lineHead ?? head).slice(-40);
    if (NOT_CODE_BEFORE.test(before)) continue;
    if (NOT_CODE_AFTER.test(tail.slice(0, 14))) continue;
    // The nearest keyword on the same line shortly before, with no other number between ("Ihr Code lautet: 1234").
    const keywordRightBefore = dBefore <= 40 && !/[\n\p{N}]/u.test(text.slice(kBefore, c.start).replace(/^\S+/, ''));
    if (YEAR.test(c.code) && !keywordRightBefore) continue;
    // A 4- or 5-digit number before a capitalised word on the same line reads as a postcode and town.
    if (/^\d{4,5}$/.test(c.code) && !keywordRightBefore && /^[ \u00a0]\p{Lu}\p{Ll}/u.test(tail.slice(0, 3))) continue;
    const alone = lineHead !== null && lineTail !== null && lineHead.trim() === '' && lineTail.trim() === '';
    const score = distance - (alone ? 25 : 0) - (keywordRightBefore ? 25 : 0);
    if (!best || score < best.score) best = { code: c.code, score };
  }
  return best;
}

// ---- links ----------------------------------------------------------------------------------

interface Link {
  href: string;
  /** The anchor's own text (with the alt text of an image inside it); '' for a bare URL in text. */
  text: string;
  /** The text around it. */
  before: string;
  after: string;
}

/** Words that ask the reader to confirm an address or an account, in the languages we read. */
const CONFIRM_WORDS =
  'confirm|confirmar|confirmer|confirme|confirma|conferma|confermare|confermi|verify|verifizieren|verifiziere|vérifier|vérifiez|verifier|verificar|verifique|verifica|verificare|verifieer|verifiëren|verifieren|activate|activar|activer|activez|aktivieren|aktiviere|attiva|attivare|ativar|ative|activeer|activeren|validate|validar|valider|validez|convalida|convalidare|valideer|valideren|bestätigen|bestätige|bestaetigen|bevestig|bevestigen|freischalten|bekräfta|bekræft|bekreft|aktivera|verifiera|potwierdź|potwierdz|aktywuj|zweryfikuj|onayla|doğrula|potvrdit|potvrďte|vahvista|подтвердить|подтвердите';
const CONFIRM = new RegExp(`(?:^|[^\\p{L}])(?:${CONFIRM_WORDS})(?:[^\\p{L}]|$)`, 'iu');
/** Nouns of the same: "Confirmation link", "Bestätigungslink", "lien de confirmation". */
const CONFIRM_NOUNS =
  'confirmation|verification|activation|validation|bestätigungs|verifizierungs|aktivierungs|confirmación|verificación|activación|validación|conferma|verifica|attivazione|confirmação|verificação|ativação|bevestigings|verificatie|activerings|bekräftelse|aktiverings';
const CONFIRM_NOUN = new RegExp(
  `(?:${CONFIRM_NOUNS})[\\p{L}\\s-]{0,12}(?:link|lien|enlace|collegamento|ligação|koppeling|länk)`,
  'iu',
);
/** What a confirmation path looks like. */
const CONFIRM_PATH =
  /(?:confirm|verif|activat|validat|bestaetig|bestatig|bevestig|aktivier|activeer|ativar|activar|attiva|double-?opt|doi|optin|opt-in)/i;
/** Links that are never the one: leaving a list, settings, legal pages, "this was not me". */
const NEVER =
  /(?:unsubscribe|unsub|opt-?out|abmelden|abbestellen|austragen|désinscri|desinscri|désabonner|desabonner|darse de baja|dar de baja|cancelar suscripción|desuscribir|annulla iscrizione|disiscriviti|cancella iscrizione|descadastr|cancelar inscrição|cancelar assinatura|afmelden|uitschrijven|privacy|datenschutz|confidentialité|privacidad|privacidade|riservatezza|impressum|imprint|mentions légales|terms|agb|conditions|términos|termini|termos|voorwaarden|preferences|einstellungen|préférences|preferencias|preferenze|preferências|voorkeuren|manage|verwalten|help|hilfe|aide|ayuda|aiuto|ajuda|support|contact|kontakt|view in (?:your )?browser|im browser|dans (?:votre|le) navigateur|en (?:tu|el|su) navegador|nel browser|no navegador|in je browser|not you|wasn't you|was not you|wasn't me|didn't request|did not request|didn't sign up|did not sign up|not me|nicht ich|nicht angefordert|pas moi|pas vous|no fui yo|no eras tú|non ero io|não fui eu|niet ik|report|melden|signaler|denunciar|segnala|reset (?:your )?password|passwort zurücksetzen|secure your account)/iu;
/** Anchor texts that say nothing themselves, so the text around them speaks for them. */
const GENERIC =
  /^(?:|here|click here|this link|the link|link|open|open link|continue|go|hier|hier klicken|diesen link|klicken sie hier|klicke hier|ici|cliquez ici|ce lien|aquí|aqui|haz clic aquí|haga clic aquí|este enlace|qui|clicca qui|questo link|clique aqui|este link|klik hier|deze link|weiter|continuer|continuar|continua|doorgaan)$/iu;

function hrefOk(href: string): string | null {
  const h = href.trim();
  if (h.length > MAX_LINK_LENGTH || !/^https?:\/\//i.test(h)) return null;
  try {
    return new URL(h).href;
  } catch {
    return null;
  }
}

function linkScore(link: Link): number {
  const text = link.text.trim();
  const bare = GENERIC.test(text) || /^https?:\/\//i.test(text);
  const sentenceBefore = link.before.split(/[.!?]\s|\n\s*\n/).pop() ?? '';
  if (NEVER.test(text) || NEVER.test(link.href) || (bare && NEVER.test(sentenceBefore))) return 0;
  let score = 0;
  if (CONFIRM.test(text) || CONFIRM_NOUN.test(text)) score += 4;
  let path = '';
  try {
    const u = new URL(link.href);
    path = u.pathname + u.search;
  } catch {
    return 0;
  }
  if (CONFIRM_PATH.test(path)) score += 2;
  if (bare && (CONFIRM.test(link.before) || CONFIRM_NOUN.test(link.before) || CONFIRM_NOUN.test(link.after))) score += 1;
  return score;
}

function bestLink(links: Link[]): string | null {
  let best: { href: string; score: number } | null = null;
  for (const link of links.slice(0, MAX_LINKS)) {
    const score = linkScore(link);
    if (score > 0 && (!best || score > best.score)) best = { href: link.href, score };
  }
  if (!best) return null;
  // The tracker report's rule (LK3): a click-tracking redirect is followed to its destination, so
  // Confirm does not tell the tracker about the click.
  return hrefOk(redirectTarget(best.href) ?? best.href);
}

// ---- reading the message --------------------------------------------------------------------

const SKIP = new Set(['head', 'style', 'script', 'title', 'template', 'noscript']);
const BLOCK =
  /^(?:p|div|br|tr|li|ul|ol|table|tbody|thead|h[1-6]|center|blockquote|pre|hr|section|article|header|footer|td|th|dd|dt)$/;

/** The text of an HTML body and its links with their context, through parse5 (no DOM). */
function readHtml(html: string): { text: string; links: Link[] } {
  const { parse } = requireLazy('parse5') as typeof Parse5;
  const doc = parse(html.length > MAX_HTML ? html.slice(0, MAX_HTML) : html, { scriptingEnabled: false });
  let text = '';
  const anchors: Array<{ href: string; start: number; end: number; alt: string }> = [];
  // An explicit stack, not recursion: a crafted mail nests elements tens of thousands deep.
  type Step = { node: Tree.ChildNode; anchor: number } | { close: 'block' | 'anchor'; anchor: number };
  const stack: Step[] = [...doc.childNodes].reverse().map((node) => ({ node, anchor: -1 }));
  while (stack.length && text.length <= MAX_TEXT) {
    const step = stack.pop()!;
    if ('close' in step) {
      if (step.close === 'anchor') anchors[step.anchor]!.end = text.length;
      else text += '\n';
      continue;
    }
    const { node } = step;
    let { anchor } = step;
    if (node.nodeName === '#text') {
      text += (node as Tree.TextNode).value.replace(/\s+/g, ' ');
      continue;
    }
    if (!('tagName' in node) || SKIP.has(node.tagName)) continue;
    if (node.tagName === 'img' && anchor >= 0)
      anchors[anchor]!.alt += ` ${node.attrs.find((a) => a.name === 'alt')?.value ?? ''}`;
    const block = BLOCK.test(node.tagName);
    if (block) {
      text += '\n';
      stack.push({ close: 'block', anchor });
    }
    const href = node.tagName === 'a' ? node.attrs.find((a) => a.name === 'href')?.value : undefined;
    if (href && anchors.length < MAX_LINKS) {
      anchors.push({ href, start: text.length, end: text.length, alt: '' });
      anchor = anchors.length - 1;
      stack.push({ close: 'anchor', anchor });
    }
    const children = node.tagName === 'template' ? [] : node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, anchor });
  }
  const links: Link[] = [];
  let previousEnd = 0;
  for (const a of anchors) {
    const href = hrefOk(a.href);
    const own = `${text.slice(a.start, a.end)} ${a.alt}`.replace(/\s+/g, ' ').trim();
    if (href) {
      links.push({
        href,
        text: own,
        before: text.slice(Math.max(previousEnd, a.start - CONTEXT_BEFORE), a.start),
        after: text.slice(a.end, a.end + CONTEXT_AFTER),
      });
    }
    previousEnd = a.end;
  }
  return { text, links };
}

/** Any confirming word or noun, wherever it stands: what a link's text or its context needs to score. */
const ANY_CONFIRM = new RegExp(`${CONFIRM_WORDS}|${CONFIRM_NOUNS}`, 'iu');
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<[a-zA-Z/!?][^>]*(?:>|$)/g;
/** What the URL parser drops from a link, so a path split by them still reads as one. */
const URL_BREAKS = /[\t\n\r]/g;

/**
 * Whether some link of this HTML could score (linkScore > 0), found without parsing it: such a link
 * has a confirming word in its text or around it, or a confirming path. The words are looked for
 * in the HTML with comments and tags taken out and entities decoded (so a tag that splits a word
 * joins it again, as in readHtml's text), the paths in the whole decoded HTML. Most mail asks for
 * no confirmation and is never parsed here: parse5 was a fifth of the worker's CPU per message
 * (docs/performance.md §4). Only a sender who splits its own word with a comment or a script hides
 * its Confirm button this way.
 */
export function mayHaveConfirmLink(html: string): boolean {
  const cut = html.length > MAX_HTML ? html.slice(0, MAX_HTML) : html;
  return (
    ANY_CONFIRM.test(decodeHTML(cut.replace(COMMENT, '').replace(TAG, ''))) ||
    CONFIRM_PATH.test(decodeHTML(cut).replace(URL_BREAKS, ''))
  );
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`[\]]+/gi;

/** The bare URLs of a plain text with the text before and after each. */
function textLinks(text: string): Link[] {
  const links: Link[] = [];
  let previousEnd = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    if (links.length >= MAX_LINKS) break;
    const url = m[0].replace(/[.,;:!?)}>]+$/, '');
    const href = hrefOk(url);
    const end = m.index + url.length;
    if (href) {
      links.push({
        href,
        text: '',
        before: text.slice(Math.max(previousEnd, m.index - CONTEXT_BEFORE), m.index).replace(/[<(]$/, ''),
        after: text.slice(end, end + CONTEXT_AFTER),
      });
    }
    previousEnd = end;
  }
  return links;
}

/** URLs are not searched for codes: their tokens and ids look like codes. */
const withoutUrls = (text: string) => text.replace(URL_IN_TEXT, ' ');

/**
 * The message's one-time code and confirmation link; each null when it has none. Never throws:
 * ingest stores the message whatever a guess about it does (the D requirements of docs/security.md: no mail lost).
 */
export function findVerification(input: VerificationInput): Verification {
  try {
    return find(input);
  } catch {
    return { code: null, link: null };
  }
}

function find(input: VerificationInput): Verification {
  const text = input.text && /\S/.test(input.text) ? input.text : null;
  let body: string;
  let links: Link[];
  if (input.html && (!text || mayHaveConfirmLink(input.html))) {
    const read = readHtml(input.html);
    links = read.links;
    // A plain alternative, when there is one, is usually the cleaner text for codes.
    body = (text ?? read.text).slice(0, MAX_TEXT);
    if (!links.some((l) => linkScore(l) > 0) && input.text) links = textLinks(input.text.slice(0, MAX_TEXT));
  } else {
    // No HTML, or HTML none of whose links could score: the plain text and its bare URLs.
    body = (input.text ?? '').slice(0, MAX_TEXT);
    links = textLinks(body);
  }
  const fromSubject = bestCode(input.subject.slice(0, 500));
  const fromBody = bestCode(withoutUrls(body));
  const code = fromSubject && (!fromBody || fromSubject.score <= fromBody.score) ? fromSubject.code : (fromBody?.code ?? null);
  return { code, link: bestLink(links) };
}
