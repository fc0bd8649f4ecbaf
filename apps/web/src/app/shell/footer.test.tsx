import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('Footer', () => {
  it('shows the release of the root package.json', () => {
    // Tests run in apps/web.
    const { version } = JSON.parse(readFileSync(join(process.cwd(), '../../package.json'), 'utf8')) as { version: string };
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText(version, { selector: '.footer-version' })).toBeTruthy();
  });
});
