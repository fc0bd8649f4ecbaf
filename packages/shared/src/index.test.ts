import { describe, expect, it } from 'vitest';
import * as shared from './index';

describe('index', () => {
  it('re-exports every module', () => {
    for (const name of [
      'RULE_MESSAGES',
      'AliasHandleSchema',
      'normalizeAddress',
      'senderMatches',
      'classifySender',
      'digestOptions',
      'lifespanChoices',
      'FLASH',
      'formatBytes',
      'ERROR_STATUS',
      'AliasSchema',
      'AliasUpdateBodySchema',
    ]) {
      expect(shared, name).toHaveProperty(name);
    }
  });
});
