import { describe, expect, it } from 'vitest';
import { serverOrigin } from './settings';
import { belongsToSite, originGranted, siteOf } from './site';

describe('siteOf', () => {
  it('is the host of a web page, and nothing for other pages', () => {
    expect(siteOf('https://www.shop.example/signup?x=1')).toBe('www.shop.example');
    expect(siteOf('http://127.0.0.1:8080/')).toBe('127.0.0.1');
    expect(siteOf('chrome-extension://abc/popup.html')).toBeNull();
    expect(siteOf('about:blank')).toBeNull();
    expect(siteOf('not a url')).toBeNull();
    expect(siteOf(undefined)).toBeNull();
  });
});

describe('belongsToSite', () => {
  it('matches the organisational domain and its subdomains only', () => {
    expect(belongsToSite('shop.example', 'shop.example')).toBe(true);
    expect(belongsToSite('shop.example', 'www.shop.example')).toBe(true);
    expect(belongsToSite('Shop.Example', 'accounts.shop.example')).toBe(true);
    expect(belongsToSite('shop.example', 'evilshop.example')).toBe(false);
    expect(belongsToSite('shop.example', 'shop.example.evil.test')).toBe(false);
    expect(belongsToSite(null, 'shop.example')).toBe(false);
  });
});

describe('originGranted', () => {
  it('reads host match patterns as the browser does', () => {
    expect(originGranted(['http://*/*', 'https://*/*'], 'http://127.0.0.1:3000')).toBe(true);
    expect(originGranted(['https://*/*'], 'http://127.0.0.1:3000')).toBe(false);
    expect(originGranted(['<all_urls>'], 'https://mail.example.org')).toBe(true);
    expect(originGranted(['*://*.example.org/*'], 'https://mail.example.org')).toBe(true);
    expect(originGranted(['*://*.example.org/*'], 'https://example.org')).toBe(true);
    expect(originGranted(['*://*.example.org/*'], 'https://badexample.org')).toBe(false);
    expect(originGranted(['https://mail.example.org/*'], 'https://mail.example.org:8443')).toBe(true);
    expect(originGranted(['https://mail.example.org/api/*'], 'https://mail.example.org')).toBe(false);
    expect(originGranted([], 'https://mail.example.org')).toBe(false);
  });
});

describe('serverOrigin', () => {
  it('keeps the origin of what was typed, https by default', () => {
    expect(serverOrigin('mail.example.org')).toBe('https://mail.example.org');
    expect(serverOrigin(' https://mail.example.org/inbox/ ')).toBe('https://mail.example.org');
    expect(serverOrigin('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(serverOrigin('http://alias.localhost:3000')).toBe('http://alias.localhost:3000');
  });

  it('refuses plain http to another machine, and what is no web address', () => {
    expect(() => serverOrigin('http://mail.example.org')).toThrow(/https/);
    expect(() => serverOrigin('ftp://mail.example.org')).toThrow(/https/);
    expect(() => serverOrigin('not a host')).toThrow(/not a server address/);
  });
});
