import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ALIAS_ICONS, COPY_RESET_MS, FLASH, type User } from '@app/shared';
import { dismissFlash, getFlash } from '../../lib/flash-store';
import { CopyLink } from './alias-settings-page';
import { AddSender } from './alias-restrict-page';
import { DayChart } from './alias-statistics-page';
import { AliasIcon, ICON_LABELS } from './alias-icon';
import { effectivePackageId } from './use-package';

describe('CopyLink (docs/product.md §2: copy, copied!, reset 1.2 s after the mouse leaves)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the address, copies it, and resets only after the mouse left', async () => {
    render(<CopyLink address="shop@alias.localhost" />);
    const link = screen.getByTestId('copy-address');
    expect(link.textContent).toContain('shop@alias.localhost');
    expect(link.textContent).toContain('copy');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('shop@alias.localhost');
    await vi.waitFor(() => expect(link.textContent).toContain('copied!'));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(link.textContent).toContain('copied!');
    fireEvent.mouseLeave(link);
    act(() => {
      vi.advanceTimersByTime(COPY_RESET_MS - 1);
    });
    expect(link.textContent).toContain('copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(link.textContent).not.toContain('copied!');
  });
});

describe('AddSender (docs/product.md §5)', () => {
  beforeEach(() => dismissFlash());

  it('keeps Add disabled while the input is invalid and sends a domain as a wildcard', () => {
    const save = vi.fn();
    render(<AddSender patterns={[]} disabled={false} save={save} />);
    const input = screen.getByLabelText(/Add a sender/);
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'not a domain' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Shop.Example' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    expect(save).toHaveBeenCalledWith({ senders: ['*.shop.example'] });
  });

  it('a duplicate gives the danger flash "Duplicate sender!" and sends nothing', () => {
    const save = vi.fn();
    render(<AddSender patterns={['friend@mail.example']} disabled={false} save={save} />);
    fireEvent.change(screen.getByLabelText(/Add a sender/), { target: { value: 'Friend@Mail.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(save).not.toHaveBeenCalled();
    expect(getFlash()).toMatchObject({ type: 'danger', message: FLASH.duplicateSender });
  });
});

describe('DayChart', () => {
  it('draws one group per day and bars only for days with mail', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      received: i === 29 ? 3 : 0,
      refused: i === 28 ? 1 : 0,
    }));
    const { container } = render(<DayChart days={days} />);
    expect(container.querySelectorAll('g[data-date]')).toHaveLength(30);
    expect(container.querySelectorAll('rect.bar-received')).toHaveLength(1);
    expect(container.querySelectorAll('rect.bar-refused')).toHaveLength(1);
    expect(container.querySelector('svg')!.getAttribute('aria-label')).toContain('2026-01-30: 3 received, 0 refused');
  });
});

describe('AliasIcon', () => {
  it('draws exactly the set the server accepts, in its order and with its labels', () => {
    expect(Object.entries(ICON_LABELS)).toEqual(ALIAS_ICONS.map((i) => [i.id, i.label]));
  });

  it('draws a known icon as SVG, else the initial', () => {
    const { container, rerender } = render(<AliasIcon icon="cart" fallback="shopping" />);
    expect(container.querySelector('[data-icon="cart"] svg')).not.toBeNull();
    rerender(<AliasIcon icon="<b>x</b>" fallback="shopping" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(container.textContent).toBe('S');
  });
});

describe('effectivePackageId', () => {
  const user = (subscription: User['subscription']): User =>
    ({
      id: 5,
      handle: 'x',
      name: null,
      email: 'x@y.z',
      mobile: null,
      site_handle_prefix: false,
      approved: null,
      registered: null,
      is_admin: false,
      subscription,
    }) as User;
  it('is the subscription until it expires, else Free', () => {
    expect(effectivePackageId(user(null))).toBe(1);
    expect(effectivePackageId(user({ package_id: 3, expires: null }))).toBe(3);
    expect(effectivePackageId(user({ package_id: 3, expires: new Date(Date.now() + 60_000).toISOString() }))).toBe(3);
    expect(effectivePackageId(user({ package_id: 3, expires: new Date(Date.now() - 60_000).toISOString() }))).toBe(1);
  });
});
