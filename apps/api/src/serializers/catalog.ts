import type { DomainRow, PackageRow, SourceRow, SourceSenderRow } from '@app/db';
import type { Domain, Package, Source } from '@app/shared';

export function serializePackage(p: PackageRow): Package {
  return {
    id: p.id,
    handle: p.handle,
    label: p.label,
    description: p.description,
    price: p.price,
    term: p.term,
    stripe_id: p.stripeId,
    can_cancel: p.canCancel,
    can_renew: p.canRenew,
    can_upgrade: p.canUpgrade,
    features: p.features,
    limits: p.limits,
  };
}

export function serializeSource(s: SourceRow & { senders: SourceSenderRow[] }): Source {
  return {
    id: s.id,
    handle: s.handle,
    label: s.label,
    icon: s.icon,
    avatar: s.avatar,
    color: s.color,
    url: s.url,
    rules: s.rules,
    is_public: s.isPublic,
    user_id: s.userId,
    senders: s.senders.map((x) => ({ id: x.id, address: x.address, hostname: x.hostname })),
  };
}

export function serializeDomain(d: DomainRow): Domain {
  return { id: d.id, handle: d.handle, name: d.name };
}
