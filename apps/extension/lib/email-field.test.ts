// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fillField, isEmailField, isFillable } from './email-field';

function input(html: string): HTMLInputElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLInputElement;
}

describe('isEmailField', () => {
  it('knows an e-mail field by its type, autocomplete, name or id', () => {
    expect(isEmailField(input('<input type="email">'))).toBe(true);
    expect(isEmailField(input('<input autocomplete="username email">'))).toBe(true);
    expect(isEmailField(input('<input type="text" name="user[email]">'))).toBe(true);
    expect(isEmailField(input('<input id="signup-e-mail">'))).toBe(true);
    expect(isEmailField(input('<input name="EMAIL_ADDRESS" type="TEXT">'))).toBe(true);
  });

  it('leaves other fields alone', () => {
    expect(isEmailField(input('<input type="password" name="email-password">'))).toBe(false);
    expect(isEmailField(input('<input type="search" id="email-search">'))).toBe(false);
    expect(isEmailField(input('<input type="email" disabled>'))).toBe(false);
    expect(isEmailField(input('<input type="email" readonly>'))).toBe(false);
    expect(isEmailField(input('<input name="username">'))).toBe(false);
    expect(isEmailField(document.createElement('textarea'))).toBe(false);
    expect(isEmailField(null)).toBe(false);
  });
});

describe('isFillable', () => {
  it('is any editable text field or text area', () => {
    expect(isFillable(input('<input name="contact">'))).toBe(true);
    expect(isFillable(input('<textarea></textarea>'))).toBe(true);
    expect(isFillable(input('<input type="checkbox">'))).toBe(false);
    expect(isFillable(input('<textarea readonly></textarea>'))).toBe(false);
  });
});

describe('fillField', () => {
  it('sets the value past an instance setter, as frameworks install one, and fires input and change', () => {
    const el = input('<input type="email">');
    // React keeps the last value it saw through a setter on the instance; typing goes around it.
    let tracked = '';
    Object.defineProperty(el, 'value', {
      configurable: true,
      get: () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.get!.call(el),
      set: (v: string) => {
        tracked = v;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, v);
      },
    });
    const events: string[] = [];
    el.addEventListener('input', (e) => events.push(`${e.type}:${(e.target as HTMLInputElement).value}`));
    el.addEventListener('change', (e) => events.push(e.type));
    fillField(el, 'swift.finch3675@alias.example');
    expect(el.value).toBe('swift.finch3675@alias.example');
    expect(tracked).toBe('');
    expect(events).toEqual(['input:swift.finch3675@alias.example', 'change']);
  });
});
