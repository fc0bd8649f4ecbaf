import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createQueryClient } from '../../api/query-client';
import { useLiveUpdates } from './session-effects';

/** The browser's EventSource, which jsdom lacks: a target the test dispatches the stream's events on. */
class StreamStandIn extends EventTarget {
  static last: StreamStandIn | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    StreamStandIn.last = this;
  }
  close() {
    this.closed = true;
  }
}

const original = globalThis.EventSource;
beforeEach(() => {
  globalThis.EventSource = StreamStandIn as unknown as typeof EventSource;
});
afterEach(() => {
  globalThis.EventSource = original;
});

function setup() {
  const qc = createQueryClient();
  for (const key of [
    ['aliases'],
    ['aliases', 3],
    ['aliases', 3, 'messages'],
    ['aliases', 4, 'messages'],
    ['aliases', 3, 'trash'],
  ])
    qc.setQueryData(key, {});
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: qc }, children);
  const hook = renderHook(() => useLiveUpdates(7), { wrapper });
  const stale = () =>
    qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { hook, stale, stream: StreamStandIn.last! };
}

describe('live updates', () => {
  it('an event refreshes the alias list, that alias and its inbox', () => {
    const { stream, stale, hook } = setup();
    expect(stream.url).toBe('/api/account/7/events');
    stream.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ type: 'message', aliasId: 3 }) }));
    expect(stale()).toEqual(['["aliases",3,"messages"]', '["aliases",3]', '["aliases"]']);
    hook.unmount();
    expect(stream.closed).toBe(true);
  });

  it('each time the stream opens, every alias and inbox is refreshed: events sent while it was closed are lost', () => {
    const { stream, stale } = setup();
    expect(stale()).toEqual([]);
    stream.dispatchEvent(new Event('open'));
    expect(stale()).toEqual(['["aliases",3,"messages"]', '["aliases",3]', '["aliases",4,"messages"]', '["aliases"]']);
  });
});
