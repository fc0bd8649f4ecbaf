// Query keys of messages, under their alias (STYLE: hierarchical keys).
export const messageKeys = {
  list: (aliasId: number) => ['aliases', aliasId, 'messages'] as const,
  /** The alias's message trash (issue 18). */
  trash: (aliasId: number) => ['aliases', aliasId, 'trash'] as const,
  detail: (aliasId: number, messageId: number) => ['aliases', aliasId, 'messages', messageId] as const,
};
