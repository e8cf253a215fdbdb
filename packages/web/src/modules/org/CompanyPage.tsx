import { ORG_UNITS, type TAttachment, type TOrg } from '@shetuan/shared/org';
import { Modal, Popover, Typography } from 'antd';
import { useState } from 'react';
import { LinkButton } from '../../platform/components/LinkButton';
import { FileUpload } from '../../platform/files/FileUpload';
import { FileViewer } from '../../platform/files/FileViewer';
import { RegionCascader } from '../../platform/region/RegionCascader';
import { RegionListPanel } from '../../platform/region/RegionListPanel';
import { ResourcePage } from '../../platform/resource';
import { RichTextEditor } from '../../platform/richtext/RichTextEditor';
import { RichTextView } from '../../platform/richtext/RichTextView';

/**
 * The 行政区划 control: the province / city / district cascader, and under it 从列表选择 (the
 * region-list panel in a popover, for those who would rather scroll than cascade).
 */
function RegionField({ id, value, onChange }: { id?: string; value?: string; onChange?: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RegionCascader
        id={id}
        anyLevel
        placeholder="选择省/市/区（可只选到省或市）"
        value={value}
        onChange={(code) => onChange?.(code ?? '')}
      />
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
                onChange?.(r.c);
                setOpen(false);
              }}
            />
          </div>
        }
      >
        <Typography.Link style={{ display: 'inline-block', marginTop: 4 }}>从列表选择</Typography.Link>
      </Popover>
    </>
  );
}

/** /company: the units (organisations) of the tenant, with their introduction and proof documents. */
export default function CompanyPage() {
  const [viewing, setViewing] = useState<{ files: TAttachment[]; index: number } | null>(null);
  const [intro, setIntro] = useState<TOrg | null>(null);
  return (
    <>
      <ResourcePage
        contract={ORG_UNITS}
        keywordPlaceholder="单位名称"
        formWidth={720}
        actionWidth={150}
        widgets={{
          regionCode: <RegionField />,
          description: <RichTextEditor placeholder="请输入单位简介" />,
          attachments: <FileUpload maxCount={5} maxSizeMB={10} accept={['pdf', 'jpg', 'jpeg', 'png']} />,
        }}
        cells={{
          regionName: (r) => r.regionName || r.regionCode || '—',
          attachments: (r) =>
            r.attachments.length ? (
              <LinkButton onClick={() => setViewing({ files: r.attachments, index: 0 })}>
                {r.attachments.length} 个文件
              </LinkButton>
            ) : (
              '—'
            ),
        }}
        rowActions={(row) => <LinkButton onClick={() => setIntro(row)}>简介</LinkButton>}
      />
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
    </>
  );
}
