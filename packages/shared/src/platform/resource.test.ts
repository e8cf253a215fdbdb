import { describe, expect, it } from 'vitest';
import { exportFileName } from './resource';

describe('a resource export’s file name', () => {
  it('is the title, or the export name with the day of the export in China', () => {
    // 2026-11-25 23:30 in Beijing is 15:30 UTC that day; 16:30 UTC is already the 26th there.
    expect(exportFileName({ title: '字典项' })).toBe('字典项.xlsx');
    expect(exportFileName({ title: '专家', exportName: '专家库_{date}' }, new Date('2026-11-25T15:30:00Z'))).toBe(
      '专家库_20261125.xlsx',
    );
    expect(exportFileName({ title: '专家', exportName: '专家库_{date}' }, new Date('2026-11-25T16:30:00Z'))).toBe(
      '专家库_20261126.xlsx',
    );
  });
});
