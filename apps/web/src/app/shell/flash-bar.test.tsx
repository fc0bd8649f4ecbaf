import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FLASH_DISMISS_MS } from '@app/shared';
import { FlashBar } from './flash-bar';
import { dismissFlash, getFlash, showFlash } from '../../lib/flash-store';

beforeEach(() => {
  vi.useFakeTimers();
  dismissFlash();
});
afterEach(() => vi.useRealTimers());

describe('flash store (docs/product.md §4 "Flash message")', () => {
  it('auto-dismisses after 5 seconds', () => {
    showFlash('success', 'Saved');
    vi.advanceTimersByTime(FLASH_DISMISS_MS - 1);
    expect(getFlash()?.message).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect(getFlash()).toBeNull();
  });

  it('a newer flash replaces the old one and gets its own full 5 seconds', () => {
    showFlash('success', 'One');
    vi.advanceTimersByTime(4000);
    showFlash('danger', 'Two');
    vi.advanceTimersByTime(4000);
    expect(getFlash()).toMatchObject({ type: 'danger', message: 'Two' });
    vi.advanceTimersByTime(1000);
    expect(getFlash()).toBeNull();
  });

  it('a stale id does not close a newer flash', () => {
    const first = showFlash('success', 'One');
    showFlash('success', 'Two');
    dismissFlash(first.id);
    expect(getFlash()?.message).toBe('Two');
  });
});

describe('FlashBar', () => {
  it('shows success as status and danger as alert, closes by hand and by itself', () => {
    render(<FlashBar />);
    act(() => void showFlash('success', 'Alias created'));
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Alias created');
    expect(screen.getByTestId('flash').className).toContain('flash-success');

    act(() => void showFlash('danger', 'There was a problem!'));
    expect(screen.getByRole('alert').textContent).toContain('There was a problem!');
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByTestId('flash')).toBeNull();

    act(() => void showFlash('success', 'Again'));
    act(() => void vi.advanceTimersByTime(FLASH_DISMISS_MS));
    expect(screen.queryByTestId('flash')).toBeNull();
  });

  it('renders the message as text', () => {
    render(<FlashBar />);
    act(() => void showFlash('danger', '<img src=x onerror=alert(1)>'));
    expect(screen.getByTestId('flash').querySelector('img')).toBeNull();
    expect(screen.getByTestId('flash').textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
