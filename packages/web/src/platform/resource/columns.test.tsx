import type { ResourceField } from '@shetuan/shared';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fieldColumn, searchOnly } from './columns';

describe('a field as a list column', () => {
  it('a search-only field (filterOnly, or formOnly with filter) is in the search form and nowhere else', () => {
    const filterOnly: ResourceField = { key: 'domainId', title: '专业领域', filterOnly: true };
    const formFilter: ResourceField = { key: 'regionCode', title: '所在地区', formOnly: true, filter: true };
    const plain: ResourceField = { key: 'name', title: '姓名' };
    expect([filterOnly, formFilter, plain].map(searchOnly)).toEqual([true, true, false]);
    expect(fieldColumn(filterOnly)).toMatchObject({ hideInSearch: false, hideInTable: true, hideInSetting: true });
    expect(fieldColumn(formFilter)).toMatchObject({ hideInSearch: false, hideInTable: true });
    expect(fieldColumn(plain)).toMatchObject({ hideInSearch: true });
    expect(fieldColumn(plain).hideInTable).toBeUndefined();
  });

  it('a screen’s own search control replaces the kind’s', () => {
    const control = createElement('input', { 'data-testid': 'tree' });
    const column = fieldColumn({ key: 'domainId', title: '专业领域', filterOnly: true }, undefined, control);
    const render = column.renderFormItem as () => unknown;
    expect(render()).toBe(control);
    expect(fieldColumn({ key: 'name', title: '姓名', filter: true }).renderFormItem).toBeUndefined();
  });
});
