import { DownloadOutlined } from '@ant-design/icons';
import { FORMS_PAGES } from '@shetuan/shared/forms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Input, Pagination, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { useCan } from '../../platform/auth/can';
import { EmptyState } from '../../platform/widgets/EmptyState';
import { formApi, formKeys } from './api';

/** Cards a page: four rows of three. */
const PAGE_SIZE = 12;

/**
 * /project/template: built-in and the tenant's templates, a page at a time; preview one, make a
 * form from it, or export the list.
 */
export default function TemplatePage() {
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [exporting, setExporting] = useState(false);
  const navigate = useNavigate();
  const can = useCan();
  const list = useQuery({
    queryKey: formKeys.templates(keyword, current),
    queryFn: () => formApi.templates(keyword, current, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const records = list.data?.records ?? [];
  const use = async (key: string, name: string) => {
    const row = await formApi.create({ name, templateKey: key });
    void feedback.message.success('创建成功');
    void navigate(`/project/form/editor?key=${row.key}`);
  };
  return (
    <Card
      title="表单模板"
      extra={
        <Space>
          <Input.Search
            placeholder="模板名称"
            allowClear
            onSearch={(value) => {
              setKeyword(value);
              setCurrent(1);
            }}
            style={{ width: 240 }}
            aria-label="搜索模板"
          />
          {can(FORMS_PAGES.template.export) && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={async () => {
                setExporting(true);
                try {
                  await formApi.exportTemplates(keyword);
                } finally {
                  setExporting(false);
                }
              }}
            >
              导出Excel
            </Button>
          )}
        </Space>
      }
    >
      {list.data?.total === 0 && <EmptyState />}
      <Row gutter={[16, 16]}>
        {records.map((t) => (
          <Col key={t.key} xs={24} sm={12} lg={8}>
            <Card
              size="small"
              title={t.name}
              extra={t.builtin ? <Tag color="blue">内置</Tag> : <Tag color="purple">本单位</Tag>}
              actions={[
                <Button
                  key="preview"
                  type="link"
                  onClick={() => void navigate(`/project/template/preview?key=${encodeURIComponent(t.key)}`)}
                >
                  预览
                </Button>,
                ...(can(FORMS_PAGES.mine.add)
                  ? [
                      <Button key="use" type="link" onClick={() => void use(t.key, t.name)}>
                        使用模板
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <Space direction="vertical" size={4}>
                <Typography.Paragraph
                  type="secondary"
                  ellipsis={{ rows: 2 }}
                  style={{ marginBottom: 0, minHeight: 44 }}
                >
                  {t.description || '—'}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t.fieldCount} 道题</Typography.Text>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      {(list.data?.total ?? 0) > 0 && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={current}
          pageSize={PAGE_SIZE}
          total={list.data?.total ?? 0}
          showTotal={(total, range) => `第 ${range[0]}-${range[1]} 条/总共 ${total} 条`}
          showSizeChanger={false}
          onChange={setCurrent}
        />
      )}
    </Card>
  );
}
