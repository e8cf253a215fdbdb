import { describe, expect, it } from 'vitest';
import { importSummary } from './ImportDialog';

describe('the import report’s summary', () => {
  const problems = [
    { row: 3, column: '值', reason: '值只能包含字母、数字、_、.、-' },
    { row: 3, column: '名称', reason: '请输入名称' },
  ];

  it('says everything was imported when no row was refused', () => {
    expect(importSummary({ total: 2, inserted: 2, problems: [] }, 'all')).toEqual({
      type: 'success',
      text: '共 2 行，已全部导入',
    });
  });

  it('counts refused rows, not problems, and says nothing was written in mode all', () => {
    expect(importSummary({ total: 2, inserted: 0, problems }, 'all').text).toBe(
      '共 2 行，其中 1 行有误，未导入任何数据。请改正后重新导入，或选择“只导入正确的行”。',
    );
  });

  it('says how many rows were written in mode valid', () => {
    expect(importSummary({ total: 2, inserted: 1, problems }, 'valid')).toEqual({
      type: 'warning',
      text: '共 2 行，已导入 1 行，1 行有误未导入',
    });
  });
});
