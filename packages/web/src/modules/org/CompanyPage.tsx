import {
  type ActionType,
  ModalForm,
  type ProColumns,
  ProForm,
  type ProFormInstance,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import type { TAttachment, TOrg, TOrgInput } from '@shetuan/shared/org';
import { ORG_PAGES } from '@shetuan/shared/org';
import { useQuery } from '@tanstack/react-query';
import { Modal, Popover, Space, Typography } from 'antd';
import { type ReactElement, useRef, useState } from 'react';
import { api } from '../../app/request';
import { useCan } from '../../platform/auth/can';
import { DeleteAction } from '../../platform/components/DeleteAction';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { AddButton, saveRecord } from '../../platform/components/save';
import { StatusRadio, StatusTag } from '../../platform/components/status';
import { FileUpload } from '../../platform/files/FileUpload';
import { FileViewer } from '../../platform/files/FileViewer';
import { RegionCascader } from '../../platform/region/RegionCascader';
import { RegionListPanel } from '../../platform/region/RegionListPanel';
import { RichTextEditor } from '../../platform/richtext/RichTextEditor';
import { RichTextView } from '../../platform/richtext/RichTextView';
import { orgKeys } from './keys';

type Options = { list: { id: number; name: string }[]; types: { value: number; label: string }[] };

/** 从列表选择: the region-list panel in a popover, for those who would rather scroll than cascade. */
function RegionListPicker({ onPick }: { onPick: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title="从列表选择地区"
      content={
        <div style={{ width: 360 }}>
          <RegionListPanel
            height={300}
            onPick={(r) => {
              onPick(r.c);
              setOpen(false);
            }}
          />
        </div>
      }
    >
      <Typography.Link>从列表选择</Typography.Link>
    </Popover>
  );
}

function OrgForm({ trigger, initial, onSaved }: { trigger: ReactElement; initial?: TOrg; onSaved: () => void }) {
  const formRef = useRef<ProFormInstance<TOrgInput> | undefined>(undefined);
  const options = useQuery({ queryKey: orgKeys.options(), queryFn: () => api.get<Options>('/org/orgs/options') });
  return (
    <ModalForm<TOrgInput>
      formRef={formRef}
      title={initial ? '编辑单位' : '新增单位'}
      trigger={trigger}
      width={720}
      modalProps={{ destroyOnHidden: true }}
      initialValues={
        initial
          ? {
              name: initial.name,
              orgType: initial.orgType,
              parentId: initial.parentId,
              regionCode: initial.regionCode,
              status: initial.status,
              attachments: initial.attachments,
              description: initial.description,
            }
          : { status: 1 }
      }
      onFinish={async (values) => {
        const body = { ...values, parentId: values.parentId ?? null, regionCode: values.regionCode ?? '' };
        await saveRecord('/org/orgs', initial?.id, body);
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label="单位名称"
        rules={[
          { required: true, message: '请输入单位名称' },
          { max: 60, message: '单位名称最多60个字' },
        ]}
      />
      <ProFormSelect
        name="orgType"
        label="单位类型"
        rules={[{ required: true, message: '请选择单位类型' }]}
        options={options.data?.types ?? []}
      />
      <ProFormSelect
        name="parentId"
        label="上级单位"
        allowClear
        showSearch
        options={(options.data?.list ?? [])
          .filter((o) => o.id !== initial?.id)
          .map((o) => ({ value: o.id, label: o.name }))}
      />
      <ProForm.Item
        name="regionCode"
        label="行政区划"
        extra={<RegionListPicker onPick={(code) => formRef.current?.setFieldValue('regionCode', code)} />}
      >
        <RegionCascader anyLevel placeholder="选择省/市/区（可只选到省或市）" />
      </ProForm.Item>
      <ProForm.Item name="description" label="单位简介">
        <RichTextEditor placeholder="请输入单位简介" />
      </ProForm.Item>
      <ProForm.Item name="attachments" label="证明材料" valuePropName="value">
        <FileUpload maxCount={5} maxSizeMB={10} accept={['pdf', 'jpg', 'jpeg', 'png']} />
      </ProForm.Item>
      <StatusRadio />
    </ModalForm>
  );
}

/** /company: the units (organisations) of the tenant. */
export default function CompanyPage() {
  const can = useCan();
  const [viewing, setViewing] = useState<{ files: TAttachment[]; index: number } | null>(null);
  const [intro, setIntro] = useState<TOrg | null>(null);
  const ref = useRef<ActionType | undefined>(undefined);
  const reload = () => void ref.current?.reload();
  const columns: ProColumns<TOrg>[] = [
    { title: '单位名称', dataIndex: 'name', width: 240 },
    { title: '单位类型', dataIndex: 'orgTypeName', width: 130 },
    { title: '上级单位', dataIndex: 'parentName', width: 220 },
    { title: '行政区划', dataIndex: 'regionName', width: 200, render: (_, r) => r.regionName || r.regionCode || '—' },
    { title: '人员', dataIndex: 'memberCount', width: 80, align: 'right' },
    {
      title: '证明材料',
      dataIndex: 'attachments',
      width: 100,
      render: (_, r) =>
        r.attachments.length ? (
          <LinkButton onClick={() => setViewing({ files: r.attachments, index: 0 })}>
            {r.attachments.length} 个文件
          </LinkButton>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (_, r) => <StatusTag status={r.status} />,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 190,
      render: (_, row) => (
        <Space>
          <LinkButton onClick={() => setIntro(row)}>简介</LinkButton>
          {can(ORG_PAGES.company.edit) && (
            <OrgForm trigger={<LinkButton>编辑</LinkButton>} initial={row} onSaved={reload} />
          )}
          {can(ORG_PAGES.company.delete) && (
            <DeleteAction title={`删除“${row.name}”？`} path={`/org/orgs/${row.id}`} onDone={reload} />
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Modal
        open={Boolean(intro)}
        title={`单位简介：${intro?.name ?? ''}`}
        footer={null}
        width={640}
        onCancel={() => setIntro(null)}
      >
        <RichTextView html={intro?.description ?? ''} />
      </Modal>
      <FileViewer
        files={viewing?.files ?? []}
        index={viewing?.index ?? null}
        onIndexChange={(index) => setViewing((v) => (v ? { ...v, index } : v))}
        onClose={() => setViewing(null)}
      />
      <ListPage<TOrg & Record<string, unknown>>
        title="单位管理"
        rowKey="id"
        path="/org/orgs"
        exportPath={can(ORG_PAGES.company.export) ? '/org/orgs/export' : undefined}
        exportName="单位列表"
        searchPlaceholder="单位名称"
        actionRef={ref}
        columns={columns as ProColumns<TOrg & Record<string, unknown>>[]}
        toolbar={
          can(ORG_PAGES.company.add)
            ? [<OrgForm key="add" trigger={<AddButton>新增单位</AddButton>} onSaved={reload} />]
            : []
        }
      />
    </>
  );
}
