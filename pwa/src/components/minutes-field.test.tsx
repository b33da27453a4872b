import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MinutesField } from './minutes-field.tsx';

afterEach(cleanup);

function Harness({ onChange }: { onChange: (n: number) => void }) {
  const [value, setValue] = useState(8);
  return (
    <MinutesField
      label="Giallo dopo"
      value={value}
      min={1}
      max={120}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Giallo dopo' }) as HTMLInputElement;

describe("a duration input (spec 9: the ' min' suffix)", () => {
  it("shows its minutes with ' min' and keeps it when stepped", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(field().value).toBe('8 min');
    // Italian whatever the browser's language (jsdom's is English).
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Riduci',
      'Aumenta',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Aumenta/ }));
    });
    expect(onChange).toHaveBeenLastCalledWith(9);
    expect(field().value).toBe('9 min');
  });

  it("takes a bare number typed and shows it with ' min'; an emptied field keeps the last value", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await act(async () => {
      fireEvent.change(field(), { target: { value: '15' } });
      fireEvent.blur(field());
    });
    expect(onChange).toHaveBeenLastCalledWith(15);
    expect(field().value).toBe('15 min');
    onChange.mockClear();
    await act(async () => {
      fireEvent.change(field(), { target: { value: '' } });
      fireEvent.blur(field());
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(field().value).toBe('15 min');
  });

  it('stays within its bounds', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await act(async () => {
      fireEvent.change(field(), { target: { value: '500' } });
      fireEvent.blur(field());
    });
    expect(onChange).toHaveBeenLastCalledWith(120);
    expect(field().value).toBe('120 min');
  });
});
