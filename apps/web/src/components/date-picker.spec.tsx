import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { addDays, todayIso } from '../lib/dates';
import { renderWithProviders } from '../test/render';
import { DatePicker } from './date-picker';

function renderPicker(value: string, { min, language = 'en' }: { min?: string; language?: 'en' | 'ar' } = {}) {
  const onChange = jest.fn<(value: string) => void>();
  renderWithProviders(
    <DatePicker value={value} onChange={onChange} label="Expiry Date" placeholder="Pick a date" min={min} />,
    { language },
  );
  return onChange;
}

describe('DatePicker', () => {
  it('shows the placeholder until a day is chosen', () => {
    renderPicker('');
    expect(screen.getByRole('button', { name: 'Expiry Date: Pick a date' })).toBeTruthy();
  });

  it('offers no day before the earliest allowed one', () => {
    renderPicker('2027-03-15', { min: '2027-03-10' });
    fireEvent.click(screen.getByRole('button', { name: 'Expiry Date: Mar 15, 2027' }));
    const grid = screen.getByRole('grid', { name: 'Expiry Date, March 2027' });
    expect((within(grid).getByRole('button', { name: 'Tuesday, March 9, 2027' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(grid).getByRole('button', { name: 'Wednesday, March 10, 2027' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(within(grid).getByRole('button', { name: 'Monday, March 15, 2027' }).getAttribute('tabindex')).toBe('0');
  });

  it('never goes before 1900-01-01', () => {
    renderPicker('1900-01-03');
    fireEvent.click(screen.getByRole('button', { name: /^Expiry Date:/ }));
    const grid = screen.getByRole('grid');
    expect((within(grid).getByRole('button', { name: /January 1, 1900/ }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves with the arrow keys, by month with Page Down, and picks with a click', () => {
    const onChange = renderPicker('2027-03-15');
    fireEvent.click(screen.getByRole('button', { name: /^Expiry Date:/ }));
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday, March 16, 2027');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday, March 23, 2027');
    fireEvent.keyDown(grid, { key: 'PageDown' });
    expect(screen.getByRole('grid', { name: 'Expiry Date, April 2027' })).toBeTruthy();
    fireEvent.click(document.activeElement as HTMLElement);
    expect(onChange).toHaveBeenCalledWith('2027-04-23');
  });

  it('follows the reading direction in Arabic, and starts the week on Saturday', () => {
    renderPicker('2027-03-15', { language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: /^Expiry Date:/ }));
    const grid = screen.getByRole('grid');
    expect(within(grid).getAllByRole('columnheader')[0]?.getAttribute('aria-label')).toBe('السبت');
    fireEvent.keyDown(grid, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2027-03-16');
  });

  it('starts at today when nothing is chosen', () => {
    renderPicker('');
    fireEvent.click(screen.getByRole('button', { name: /^Expiry Date:/ }));
    expect(document.activeElement?.getAttribute('data-day')).toBe(todayIso());
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-day')).toBe(addDays(todayIso(), -7));
  });
});
