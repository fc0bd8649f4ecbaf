import { describe, expect, it } from 'vitest';
import { listUnsubscribeOf, parseMailto, unsubscribeMethods } from './unsubscribe';

const lines = (fields: Record<string, string>) =>
  Object.entries(fields).map(([k, v]) => ({ key: k.toLowerCase(), line: `${k}: ${v}` }));

describe('listUnsubscribeOf (RFC 2369, RFC 8058)', () => {
  it('reads the first https and mailto URIs, and one-click only with the exact Post field', () => {
    const u = listUnsubscribeOf(
      lines({
        'List-Unsubscribe':
          '<mailto:leave@list.example?subject=stop>,\r\n <https://list.example/u/1>, <https://list.example/u/2>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }),
    );
    expect(u).toEqual({ https: 'https://list.example/u/1', mailto: 'mailto:leave@list.example?subject=stop', oneClick: true });
    expect(unsubscribeMethods(u)).toEqual(['one-click', 'mailto']);
  });

  it.each([
    [{ 'List-Unsubscribe': '<https://list.example/u>' }, ['link']],
    [{ 'List-Unsubscribe': '<https://list.example/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=Maybe' }, ['link']],
    // One-click needs an https URI: an http one is not kept at all.
    [{ 'List-Unsubscribe': '<http://list.example/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }, []],
    [{ 'List-Unsubscribe': '<https://user:pw@list.example/u>' }, []],
    [{ 'List-Unsubscribe': '<javascript:alert(1)>' }, []],
    [{ 'List-Unsubscribe': '<mailto:not-an-address>' }, []],
    [{}, []],
  ])('%j offers %j', (fields, methods) => {
    expect(unsubscribeMethods(listUnsubscribeOf(lines(fields as Record<string, string>)))).toEqual(methods);
  });
});

describe('parseMailto (RFC 6068)', () => {
  it('takes one recipient, the subject and the body; other fields are ignored', () => {
    expect(parseMailto('mailto:Leave@List.example?subject=Stop%20it&body=bye&cc=other@else.example&bcc=x@y.example')).toEqual({
      to: 'leave@list.example',
      subject: 'Stop it',
      body: 'bye',
    });
    expect(parseMailto('mailto:leave@list.example')).toEqual({
      to: 'leave@list.example',
      subject: 'unsubscribe',
      body: 'unsubscribe',
    });
  });

  it.each(['mailto:a@b.example,c@d.example', 'mailto:', 'mailto:%ZZ', 'https://x.example'])('refuses %s', (uri) => {
    expect(parseMailto(uri)).toBeNull();
  });

  it('keeps header injection out of the subject', () => {
    expect(parseMailto('mailto:a@b.example?subject=x%0d%0aBcc:%20v@w.example')!.subject).toBe('x Bcc: v@w.example');
  });
});
