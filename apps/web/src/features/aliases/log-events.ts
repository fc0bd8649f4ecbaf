// The alias log in words (docs/product.md §2 "Alias log"): each stored entry — an API write
// (method, path, field names and on/off states), an mx refusal or a delivery — as one readable
// event. Entries written by earlier releases (field names without states) read as well.
import type { AliasLogEntry } from '@app/shared';

export interface LogEvent {
  text: string;
  /** Refused or failed: shown in the danger colour. */
  failed: boolean;
}

/** Settings fields in words; a flag with its new state (`is_active=0`) reads as what happened. */
const FIELDS: Record<string, string> = {
  'is_whitelisted=1': 'restricted to approved senders',
  'is_whitelisted=0': 'open to every sender',
  is_whitelisted: 'sender restriction',
  'is_active=1': 'activated',
  'is_active=0': 'deactivated',
  is_active: 'active or not',
  'is_trashed=1': 'moved to the trash',
  'is_trashed=0': 'restored from the trash',
  is_trashed: 'trashed or not',
  senders: 'approved senders',
  source: 'restriction to a service',
  handle: 'address',
  domain_id: 'domain',
  label: 'label',
  icon: 'icon',
  digest: 'digest',
  spam_mode: 'spam filter',
  notify: 'notifications',
  lifespan: 'lifespan',
  origin: 'site',
  shared_senders: 'shared with several senders',
  leak_ignored: 'senders that are fine',
  leak: 'leak warning dismissed',
  expires: 'expiry date',
  max_messages: 'message limit',
  notes: 'notes',
};

/** The mx's and the worker's details in words. */
const SMTP: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^delivered$/, () => 'Mail delivered'],
  [/^delivered unparsed$/, () => 'Mail delivered, but it could not be read (the original can be downloaded)'],
  [/^possible leak: mail from (.+)$/, (m) => `Possible leak: mail from ${m[1]}`],
  // Entries of earlier releases do not name the sender.
  [/^refused: sender not approved(?:: (.+))?$/, (m) => `Refused mail${m[1] ? ` from ${m[1]}` : ''}: not an approved sender`],
  [/^refused: no approved senders$/, () => 'Refused mail: the alias has no approved sender yet'],
  [/^refused: not authenticated$/, () => 'Refused mail: the sender could not prove its domain'],
  [/^refused: sender blocked$/, () => 'Refused mail: the sender is blocked'],
  [/^refused as spam \(score (.+)\)$/, (m) => `Refused mail as spam (score ${m[1]})`],
  [/^deferred: (.+)$/, (m) => `Mail deferred: ${m[1]}`],
  [/^refused with a restricted recipient of the same message$/, () => 'Refused mail: another recipient of it refused it'],
];

const count = (detail: string | null) => Number(/^(\d+)/.exec(detail ?? '')?.[1] ?? 0);
const messages = (n: number) => (n === 1 ? '1 message' : `${n} messages`);

function fieldsText(detail: string | null): string {
  const fields = (detail ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.map((f) => FIELDS[f] ?? f.replace(/_/g, ' ')).join(', ');
}

export function logEvent(l: AliasLogEntry): LogEvent {
  const failed = l.status >= 400;
  if (l.method === 'SMTP') {
    const detail = l.detail ?? '';
    for (const [re, say] of SMTP) {
      const m = re.exec(detail);
      if (m) return { text: say(m), failed };
    }
    return { text: failed ? `Refused mail: ${detail || `SMTP ${l.status}`}` : `Mail: ${detail}`, failed };
  }
  const refused = failed ? ` (refused, ${l.status})` : '';
  const last = l.endpoint.split('/').pop() ?? '';
  switch (last) {
    case 'trash_messages':
      return { text: `${messages(count(l.detail))} moved to the trash${refused}`, failed };
    case 'restore_messages':
      return { text: `${messages(count(l.detail))} restored from the trash${refused}`, failed };
    case 'trash':
      return { text: `${messages(count(l.detail))} shredded from the trash${refused}`, failed };
    case 'message_spam':
    case 'message_not_spam':
      return { text: `Marked ${last === 'message_spam' ? 'as spam' : 'not spam'}: ${l.detail ?? ''}${refused}`, failed };
  }
  if (/\/alias\/\d+$/.test(l.endpoint) && l.method === 'PUT') {
    const what = fieldsText(l.detail);
    return { text: (failed ? 'Change refused' : 'Settings changed') + (what ? `: ${what}` : '') + refused, failed };
  }
  if (l.method === 'POST' && /\/alias$/.test(l.endpoint)) return { text: `Alias created${refused}`, failed };
  if (l.detail) return { text: `${l.detail[0]!.toUpperCase()}${l.detail.slice(1)}${refused}`, failed };
  return { text: `${l.method} ${l.endpoint}${refused}`, failed };
}
