import { describe, expect, it } from 'vitest';
import { parseLiveEvent } from './session-effects';

describe('parseLiveEvent', () => {
  it('reads an event of the stream through the shared LiveEvent schema', () => {
    expect(parseLiveEvent('{"type":"alias","aliasId":7,"unread_count":2,"total_count":5}')).toEqual({
      type: 'alias',
      aliasId: 7,
      unread_count: 2,
      total_count: 5,
    });
    expect(parseLiveEvent('{"type":"message","aliasId":7,"messageId":9,"extra":"x"}')).toEqual({ type: 'message', aliasId: 7, messageId: 9 });
  });

  it.each(['not json', 'null', '{"type":"message"}', '{"type":"other","aliasId":1}', '{"type":"alias","aliasId":"7"}'])('ignores %s', (raw) => {
    expect(parseLiveEvent(raw)).toBeNull();
  });
});
