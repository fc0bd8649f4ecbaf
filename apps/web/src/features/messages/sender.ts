// docs/security.md H11: the real From address is always shown beside the display name, and a display name
// that contains '@' or reads like a domain is flagged, because it can impersonate another sender
// (mailparser reads `From: <any@attack.example>admin@legit.example` as name 'admin@legit.example').

const HOSTNAME_LIKE = /^(?:[a-z0-9-]+\.)+[a-z]{2,63}$/i;

export function displayNameLooksLikeAddress(name: string | null | undefined, address: string): boolean {
  const n = (name ?? '').trim();
  if (!n) return false;
  // The name repeating the real address exactly misleads nobody.
  if (n.replace(/^<|>$/g, '').toLowerCase() === address.trim().toLowerCase()) return false;
  return n.includes('@') || n.includes('＠') || HOSTNAME_LIKE.test(n);
}

/** The name to show in lists: the display name, else the address. */
export function senderName(label: string | null | undefined, address: string): string {
  const n = (label ?? '').trim();
  return n || address;
}
