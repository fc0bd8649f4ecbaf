/** Whether a key press belongs to a text field rather than to the screen's shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Every keyboard shortcut, as the `?` list shows it; the screens that handle them say so beside their handlers. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string; where: string }> = [
  { keys: ['/'], what: 'Search', where: 'Anywhere' },
  { keys: ['c'], what: 'Copy the alias address', where: 'An alias' },
  { keys: ['j', 'k'], what: 'Next / previous message', where: 'Inbox, message' },
  { keys: ['o', 'Enter'], what: 'Open the message', where: 'Inbox' },
  { keys: ['x'], what: 'Select the message', where: 'Inbox' },
  { keys: ['#'], what: 'Move to trash', where: 'Inbox, message' },
  { keys: ['u'], what: 'Mark unread', where: 'Inbox, message' },
  { keys: ['?'], what: 'Show this list', where: 'Anywhere' },
];
