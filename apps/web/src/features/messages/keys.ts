// Query keys of messages, under their alias (CONTRIBUTING.md: hierarchical keys).
export const messageKeys = {
  list: (aliasId: number) => ['aliases', aliasId, 'messages'] as const,
  /** The alias's message trash. */
  trash: (aliasId: number) => ['aliases', aliasId, 'trash'] as const,
  detail: (aliasId: number, messageId: number) => ['aliases', aliasId, 'messages', messageId] as const,
};
