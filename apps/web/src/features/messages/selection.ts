/** Selection state of the inbox: ids that are still in the list, and the select-all checkbox's state. */
export function selectionState(selected: ReadonlySet<number>, visibleIds: readonly number[]) {
  const ids = visibleIds.filter((id) => selected.has(id));
  const all = visibleIds.length > 0 && ids.length === visibleIds.length;
  return { ids, all, some: ids.length > 0 && !all };
}

export function toggle(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
