import { OrderedListOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { builtinDictionary, DICT_ITEMS, DICTIONARY_PAGES, type TDictionary } from '@shetuan/shared/dictionaries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Empty, Grid, Menu, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useCan } from '../../platform/auth/can';
import { ResourcePage } from '../../platform/resource/ResourcePage';
import { dictionariesApi, dictionaryKeys } from './api';
import { ReorderDialog } from './ReorderDialog';

/** The tax columns belong to dictionaries whose items have them (发票项目). */
const TAX_FIELDS = ['taxCode', 'taxTypeCode', 'taxType'] as const;
function hiddenFields(code: string): readonly string[] {
  return builtinDictionary(code)?.items.some((i) => i.taxCode) ? [] : TAX_FIELDS;
}

function countText(d: TDictionary): string {
  return d.enabledCount === d.itemCount ? `${d.itemCount} 项` : `${d.itemCount} 项，${d.enabledCount} 启用`;
}

function DictionaryLabel({ dict }: { dict: TDictionary }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{dict.name}</span>
      {dict.customised && (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          已自定义
        </Tag>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {countText(dict)}
      </Typography.Text>
    </span>
  );
}

/**
 * /dictionary (功能配置 › 字典管理): the dictionaries on the left (a select on phones), the chosen
 * one's items on the right through the resource kit, and their order.
 */
export default function DictionaryPage() {
  const can = useCan();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const dictionaries = useQuery({ queryKey: dictionaryKeys.list(), queryFn: dictionariesApi.list });
  const list = dictionaries.data?.list ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const current = list.find((d) => d.code === chosen) ?? list[0];
  const code = current?.code;
  // Memoised: the list reloads when its fixed filter object changes.
  const fixed = useMemo(() => (code ? { dictCode: code } : undefined), [code]);
  const [reordering, setReordering] = useState(false);
  const items = useRef<ActionType | undefined>(undefined);
  const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: dictionaryKeys.list() });

  const picker = screens.lg ? (
    <Card title="字典" size="small" styles={{ body: { padding: 4 } }}>
      {dictionaries.isPending ? (
        <Skeleton active style={{ padding: 12 }} />
      ) : (
        <Menu
          mode="inline"
          aria-label="字典"
          style={{ borderInlineEnd: 'none' }}
          selectedKeys={code ? [code] : []}
          onClick={({ key }) => setChosen(key)}
          items={list.map((d) => ({ key: d.code, label: <DictionaryLabel dict={d} />, title: d.name }))}
        />
      )}
    </Card>
  ) : (
    <Space style={{ width: '100%' }} direction="vertical" size={4}>
      <Typography.Text strong>字典</Typography.Text>
      <Select
        aria-label="字典"
        style={{ width: '100%' }}
        loading={dictionaries.isPending}
        value={code}
        onChange={setChosen}
        options={list.map((d) => ({
          value: d.code,
          label: `${d.name}（${countText(d)}${d.customised ? '，已自定义' : ''}）`,
        }))}
      />
    </Space>
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xl={6} xxl={5}>
        {picker}
      </Col>
      <Col xs={24} lg={17} xl={18} xxl={19} style={{ minWidth: 0 }}>
        {current && fixed ? (
          <>
            <ResourcePage
              key={current.code}
              actionRef={items}
              contract={DICT_ITEMS}
              fixed={fixed}
              title={current.name}
              exportName={`${current.name}字典项`}
              hidden={hiddenFields(current.code)}
              keywordPlaceholder="值或名称"
              onChanged={refreshCounts}
              actions={
                can(DICTIONARY_PAGES.dictionary.edit)
                  ? [
                      {
                        key: 'order',
                        label: '调整顺序',
                        icon: <OrderedListOutlined />,
                        onClick: () => setReordering(true),
                      },
                    ]
                  : []
              }
            />
            <ReorderDialog
              dictCode={current.code}
              dictName={current.name}
              open={reordering}
              onClose={() => setReordering(false)}
              onSaved={() => {
                void items.current?.reload();
                refreshCounts();
              }}
            />
          </>
        ) : (
          <Card>{dictionaries.isPending ? <Skeleton active /> : <Empty description="暂无字典" />}</Card>
        )}
      </Col>
    </Row>
  );
}
