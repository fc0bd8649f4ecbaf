// Query keys of messages, under their alias (STYLE: hierarchical keys).
export const messageKeys = {
  list: (aliasId: number) => ['aliases', aliasId, 'messages'] as const,
  detail: (aliasId: number, messageId: number) => ['aliases', aliasId, 'messages', messageId] as const,
};
