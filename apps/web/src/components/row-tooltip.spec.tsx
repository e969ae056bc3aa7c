import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { RowTooltip } from './row-tooltip';

describe('RowTooltip', () => {
  it('puts its text on the control for the stylesheet to draw, keeping the control and its label', () => {
    render(
      <RowTooltip content="Edit">
        <button type="button" className="rt-IconButton" aria-label="Edit Paracetamol 500 mg">
          ✎
        </button>
      </RowTooltip>,
    );
    const control = screen.getByRole('button', { name: 'Edit Paracetamol 500 mg' });
    expect(control.getAttribute('data-tooltip')).toBe('Edit');
    expect(control.className).toBe('rt-IconButton row-tooltip');
  });
});
