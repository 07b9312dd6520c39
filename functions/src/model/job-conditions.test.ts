import { describe, expect, it } from 'vitest';
import {
  applicableJobConditions,
  JOB_CONDITION_CHOICES,
  JOB_CONDITION_DEFAULTS,
  JOB_CONDITION_FLAGS,
  JOB_CONDITION_ORDER,
  jobConditionDialogOf,
} from './job-conditions.js';

describe('JOB_CONDITION_ORDER', () => {
  it('holds every choice and flag exactly once', () => {
    expect([...JOB_CONDITION_ORDER].sort()).toEqual(
      [...Object.keys(JOB_CONDITION_CHOICES), ...JOB_CONDITION_FLAGS].sort(),
    );
  });

  it('puts each sub-dialog field after its main condition', () => {
    expect(jobConditionDialogOf('labelingMaterial')).toBe('markingStructure');
    expect(jobConditionDialogOf('regulation')).toBeUndefined();
    const at = (f: (typeof JOB_CONDITION_ORDER)[number]) => JOB_CONDITION_ORDER.indexOf(f);
    expect(at('customerRegulation')).toBe(at('regulation') + 1);
    expect(at('packagingWrap')).toBe(at('packaging') + 1);
  });
});

describe('applicableJobConditions', () => {
  it('the defaults: no wire-identification detail, no mounting-plate or wire-tag label, one cabinet language rule', () => {
    const fields = applicableJobConditions(JOB_CONDITION_DEFAULTS);
    expect(fields).toContain('individualWireIdentification');
    expect(fields).not.toContain('markingStructure');
    expect(fields).not.toContain('labelingMaterial');
    expect(fields).not.toContain('mountingPlateLabel');
    expect(fields).not.toContain('wireTagLabel');
    expect(fields).not.toContain('screwConnectionManufacturer2');
    expect(fields).toEqual(expect.arrayContaining(['cabinetLabelLanguageValue2', 'screwConnectionManufacturer1']));
  });

  it('follows the values: individual wire identification, triple lines, plastic screw connections, no packaging', () => {
    const fields = applicableJobConditions({
      ...JOB_CONDITION_DEFAULTS,
      individualWireIdentification: true,
      deviceIdentification: 'TRIPLE',
      screwConnections: 'PLASTIC',
      packaging: 'NONE',
    });
    expect(fields).toEqual(
      expect.arrayContaining(['markingStructure', 'labelingMaterial', 'mountingPlateLabel', 'wireTagLabel']),
    );
    expect(fields).not.toContain('screwConnectionManufacturer1');
    expect(fields).not.toContain('packagingWrap');
  });
});
