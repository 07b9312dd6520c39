import { describe, expect, it } from 'vitest';
import { COMPANY_STATUS_COLORS, type CompanyStatus } from '@model/company';
import { STATUS_TEXT_COLORS } from './company-status-chip';

/** The spec's colours as sRGB (CSS names included); alpha text is composed onto its background. */
const RGB: Record<string, [number, number, number]> = {
  red: [255, 0, 0],
  green: [0, 128, 0],
  '#f2af00': [242, 175, 0],
};

function rgbOf(color: string, background: [number, number, number]): [number, number, number] {
  if (RGB[color]) return RGB[color];
  if (color === '#fff') return [255, 255, 255];
  const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(color);
  if (!m) throw new Error(`unknown colour ${color}`);
  const a = Number(m[4]);
  return [0, 1, 2].map((i) => Number(m[i + 1]) * a + background[i]! * (1 - a)) as [number, number, number];
}

const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

function contrast(text: string, background: string): number {
  const bg = rgbOf(background, [255, 255, 255]);
  const [a, b] = [luminance(rgbOf(text, bg)), luminance(bg)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

describe('company status chip', () => {
  it.each(Object.keys(COMPANY_STATUS_COLORS) as CompanyStatus[])(
    '%s: the label meets WCAG AA contrast (4.5:1) on the spec colour',
    (status) => {
      expect(contrast(STATUS_TEXT_COLORS[status], COMPANY_STATUS_COLORS[status])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('white on the pending colour would not (the finding: 1.9:1)', () => {
    expect(contrast('#fff', '#f2af00')).toBeLessThan(2);
  });
});
