import { sampleText } from './ReachLift';

describe('sampleText', () => {
  it('says an estimate is one, and from how large a sample', () => {
    expect(sampleText({ Approximate: true, Sample_Rate: 1 / 32 })).toBe(
      ' Estimated from 1 in 32 households (reach within 1% of the exact count).',
    );
  });
  it('adds nothing to an exact answer or before the answer arrives', () => {
    expect(sampleText({ Approximate: false, Sample_Rate: 1 })).toBe('');
    expect(sampleText(undefined)).toBe('');
  });
});
