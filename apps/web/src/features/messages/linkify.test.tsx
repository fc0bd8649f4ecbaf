import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { linkify, MAX_LINKS, safeHref } from './linkify';
import { LinkifiedText } from './linkified-text';

const links = (text: string) => linkify(text).filter((t) => t.type === 'link');

/** Renders the text and returns the container, asserting that only <a> elements were created. */
function renderText(text: string) {
  const { container } = render(<LinkifiedText text={text} />);
  const elements = [...container.querySelectorAll('*')];
  for (const el of elements) {
    expect(el.tagName).toBe('A');
    expect(el.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
    expect(el.getAttribute('target')).toBe('_blank');
    expect(el.getAttribute('rel')).toBe('noopener noreferrer');
    expect(el.getAttribute('href')).toMatch(/^(https?:|mailto:)/);
  }
  // The visible text is exactly the input: nothing dropped, nothing parsed as markup.
  expect(container.textContent).toBe(text);
  return container;
}

describe('linkify', () => {
  it('turns http(s) URLs into links and keeps the rest as text', () => {
    expect(linkify('see https://example.com/a?b=1 now')).toEqual([
      { type: 'text', value: 'see ' },
      { type: 'link', value: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', value: ' now' },
    ]);
  });

  it('leaves sentence punctuation and unbalanced brackets outside the link', () => {
    expect(links('Go to http://example.com/x.')[0]?.value).toBe('http://example.com/x');
    expect(links('(see http://example.com/x)')[0]?.value).toBe('http://example.com/x');
    expect(links('http://en.wikipedia.org/wiki/Foo_(bar), ok')[0]?.value).toBe('http://en.wikipedia.org/wiki/Foo_(bar)');
  });

  it('links www. hosts over https and addresses with mailto', () => {
    expect(links('www.example.org')[0]?.href).toBe('https://www.example.org/');
    expect(links('write to bob@example.com.')[0]).toEqual({
      type: 'link',
      value: 'bob@example.com',
      href: 'mailto:bob@example.com',
    });
  });

  it('never links other schemes', () => {
    expect(links('javascript:alert(1) data:text/html,<b>x</b> vbscript:x file:///etc/passwd')).toEqual([]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('mailto:a@b.co?subject=<x>')).toBeNull();
  });

  it('bounds the number of links (docs/security.md M2)', () => {
    const text = Array.from({ length: MAX_LINKS + 10 }, (_, i) => `http://e.com/${i}`).join(' ');
    expect(links(text)).toHaveLength(MAX_LINKS);
    expect(
      linkify(text)
        .map((t) => t.value)
        .join(''),
    ).toBe(text);
  });
});

describe('docs/security.md H8: text → HTML without injection', () => {
  it(`http://example.com?"onmouseover="alert('XSS')"`, () => {
    const text = `http://example.com?"onmouseover="alert('XSS')"`;
    const c = renderText(text);
    const a = c.querySelectorAll('a');
    expect(a).toHaveLength(1);
    expect(a[0]?.getAttribute('href')).toBe('http://example.com/');
    expect(c.querySelector('[onmouseover]')).toBeNull();
  });

  it('http://example.com/<script>alert(1)</script>', () => {
    const text = 'http://example.com/<script>alert(1)</script>';
    const c = renderText(text);
    expect(c.querySelector('script')).toBeNull();
    expect(c.querySelector('a')?.getAttribute('href')).toBe('http://example.com/');
  });

  it('a@a.co?]<img/src="x"/onerror=alert(document.domain)>', () => {
    const text = 'a@a.co?]<img/src="x"/onerror=alert(document.domain)>';
    const c = renderText(text);
    expect(c.querySelector('img')).toBeNull();
    expect(c.querySelector('[onerror]')).toBeNull();
    expect(c.querySelector('a')?.getAttribute('href')).toBe('mailto:a@a.co');
  });

  it('markup in plain text stays text', () => {
    const c = renderText('<b>bold</b> <a href="javascript:alert(1)">x</a> <svg onload=alert(1)>');
    expect(c.querySelectorAll('a')).toHaveLength(0);
  });
});
